// Every TypeScript block of the READMEs (the root one and packages/*/README.md) as a reader pastes it: each is
// type-checked under strict (with exactOptionalPropertyTypes and noUncheckedIndexedAccess) as its own module,
// and each that is not marked `// not run:` runs on Node against the devnet with RPC_URL and PRIVATE_KEY set
// (a fresh account holding every devnet token). Markers: test/support/readmeBlocks.ts.
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { deriveSmartAccountAddress } from "@preflow/aa";
import { DEVNET_VAULT_ADDRESS, devnetChain } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { waitForTransactionReceipt } from "viem/actions";
import { beforeAll, describe, expect, it } from "vitest";
import { type ReadmeProgram, readmeBlocks, readmeFiles, readmePrograms } from "./support/readmeBlocks.js";

const examples = fileURLToPath(new URL("..", import.meta.url));
const root = join(examples, "..");
// Inside the examples package, so that `preflow`, `@preflow/*` and `viem` resolve as they do for a user.
const dir = join(examples, ".snippets");
const run = promisify(execFile);

const programs: ReadmeProgram[] = readmeFiles(root).flatMap((file) =>
  readmePrograms(readmeBlocks(root, file)),
);
const fileName = (program: ReadmeProgram) =>
  `${program.block.key.replace(/README\.md#/, "readme-").replace(/[/]/g, "_")}.ts`;

const TOKENS = ["CELO", "USDm", "USDC", "USDT", "EURm", "WETH"] as const;

describe("README code blocks", () => {
  const devnet = useDevnet();
  const privateKey = generatePrivateKey();
  const ownerKey = generatePrivateKey();
  const agentKey = generatePrivateKey();
  const facilitatorKey = generatePrivateKey(); // an x402 facilitator: USDC only, never CELO
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const program of programs) writeFileSync(join(dir, fileName(program)), program.source);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          lib: ["ES2023", "DOM"],
          // @preflow/tools is not a dependency of the examples (its bin would be linked before it is built).
          baseUrl: ".",
          paths: {
            "@preflow/tools": ["../../packages/tools/dist/index.d.ts"],
            "@modelcontextprotocol/sdk/*": [
              "../../packages/tools/node_modules/@modelcontextprotocol/sdk/dist/esm/*",
            ],
            "@modelcontextprotocol/server/stdio": [
              "../../packages/tools/node_modules/@modelcontextprotocol/server/dist/stdio.d.mts",
            ],
          },
        },
        include: ["*.ts"],
      }),
    );
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
    // The reader's accounts: an EOA and a smart account (of OWNER_KEY), each holding every token.
    const account = privateKeyToAccount(privateKey);
    const smartAccount = deriveSmartAccountAddress(privateKeyToAccount(ownerKey)).smartAccountAddress;
    const owner = privateKeyToAccount(ownerKey).address; // the EIP-7702 examples act from the owner's own address
    for (const token of TOKENS) {
      await devnet.fund(account.address, token, "1000");
      await devnet.fund(smartAccount, token, "100");
      await devnet.fund(owner, token, "100");
    }
    await devnet.fund(privateKeyToAccount(facilitatorKey).address, "USDC", "10");
    // A transaction for the blocks that check one (TX_HASH).
    const wallet = createWalletClient({
      account,
      chain: devnetChain(devnet.rpcUrl),
      transport: http(devnet.rpcUrl),
    });
    const hash = await wallet.sendTransaction({ to: account.address, value: 1n });
    await waitForTransactionReceipt(wallet, { hash });
    env = {
      ...process.env,
      RPC_URL: devnet.rpcUrl,
      PRIVATE_KEY: privateKey,
      OWNER_KEY: ownerKey,
      AGENT_KEY: agentKey,
      FACILITATOR_KEY: facilitatorKey,
      SPONSOR_API_KEY: devnet.sponsorApiKey,
      SPONSOR_BASE_URL: devnet.sponsorBaseUrl,
      VAULT_ADDRESS: DEVNET_VAULT_ADDRESS,
      TX_HASH: hash,
      DO_NOT_TRACK: "1",
    };
  });

  it(`every block type-checks under strict (${programs.length} blocks)`, async () => {
    const tsc = join(root, "node_modules/.bin/tsc");
    const result = await run(tsc, ["-p", dir], { cwd: dir, timeout: 240_000 }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
  }, 300_000);

  const runnable = programs.filter((program) => !program.continued && program.notRun === undefined);
  const notRun = programs.filter((program) => program.notRun !== undefined);

  it.each(runnable.map((program) => [program.block.key, program] as const))(
    "%s runs against the devnet",
    async (_key, program) => {
      const tsx = join(examples, "node_modules/.bin/tsx");
      const { stderr } = await run(tsx, [join(dir, fileName(program))], {
        cwd: dir,
        timeout: 90_000,
        env,
      });
      expect(stderr).not.toMatch(/Error|warn/i);
    },
    120_000,
  );

  it("says how many blocks were compiled and run", () => {
    const counted =
      `README code blocks: ${programs.length} type-checked, ${runnable.length} run on the devnet, ` +
      `${programs.filter((p) => p.continued && p.notRun === undefined).length} run as part of a block that continues them, ` +
      `${notRun.length} not run (${[...new Set(notRun.map((p) => p.notRun))].join("; ")})`;
    console.log(counted);
    expect(programs.length).toBeGreaterThan(0);
    expect(runnable.length).toBeGreaterThan(0);
  });
});
