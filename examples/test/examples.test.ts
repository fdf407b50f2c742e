// Every example and the demo run as a user would run them (tsx, a child process) against the devnet, so
// they cannot rot.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));

function example(file: string, env: Record<string, string>) {
  return run(tsx, [file], { cwd: root, env: { ...process.env, DO_NOT_TRACK: "1", ...env }, timeout: 90_000 });
}

describe("examples", () => {
  const devnet = useDevnet();

  it("prepare-and-sign sends USDm and check-transaction-tags finds the tags", async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDm", "3");
    const sent = await example("src/prepare-and-sign.ts", {
      RPC_URL: devnet.rpcUrl,
      PRIVATE_KEY: privateKey,
      TO: to,
      AMOUNT: "1.25",
    });
    const hash = sent.stdout.trim().split("\n").at(-1)!;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const checked = await example("src/check-transaction-tags.ts", {
      RPC_URL: devnet.rpcUrl,
      HASH: hash,
      TAG: "EXAMPLE_APP",
    });
    expect(JSON.parse(checked.stdout)).toEqual({
      bundle: false,
      found: true,
      tags: ["example_app"],
      platform: true,
      matched: true,
    });
  });

  it("sponsored-submission lands a UserOperation and its bundle carries the tags", async () => {
    const ownerKey = generatePrivateKey();
    const sent = await example("src/sponsored-submission.ts", {
      RPC_URL: devnet.rpcUrl,
      OWNER_KEY: ownerKey,
      SPONSOR_API_KEY: devnet.sponsorApiKey,
      SPONSOR_BASE_URL: devnet.sponsorBaseUrl,
    });
    const result = JSON.parse(sent.stdout) as { success: boolean; transactionHashes: string[] };
    expect(result.success).toBe(true);
    expect(sent.stdout + sent.stderr).not.toContain(devnet.sponsorApiKey);
    const checked = await example("src/check-transaction-tags.ts", {
      RPC_URL: devnet.rpcUrl,
      HASH: result.transactionHashes[0]!,
      TAG: "example_app",
    });
    expect(JSON.parse(checked.stdout)).toMatchObject({
      bundle: true,
      found: true,
      tags: ["example_app"],
      matched: true,
    });
  });
});

describe("pnpm demo", () => {
  it("tells the whole story on its own devnet and exits 0", async () => {
    const { stdout } = await run(tsx, ["demo/main.ts"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
      timeout: 110_000,
    });
    expect(stdout).toContain("Summary");
    expect(stdout).toMatch(/EOF? ?send|EOA send/);
    expect(stdout).toContain("sponsored batch (2 calls)");
    expect(stdout).toContain("Done: both transactions carry sdk + demo_app");
  });
});
