// `pnpm devnet` (the compiled CLI, as the root script runs it): the accounts it prints hold every devnet token,
// so the READMEs' examples run on it as written; `--fund` funds one more address; bad options are refused.
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { DEVNET_ACCOUNTS, DEVNET_TOKENS } from "../src/index.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const run = promisify(execFile);

interface CliInfo {
  rpcUrl: string;
  accounts: { address: Address; privateKey: string; balances: Record<string, string> }[];
  fundedAddresses: Address[];
  startedInMs: number;
}

/** Starts the CLI with `args`, waits for its JSON, runs `use`, then stops it with Ctrl-C (SIGINT). */
async function withCli(
  args: readonly string[],
  use: (info: CliInfo) => Promise<void>,
): Promise<number | null> {
  const child = spawn(process.execPath, [cli, "--json", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const info = await new Promise<CliInfo>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        // The JSON is printed in one piece and ends with "}\n".
        if (out.endsWith("}\n")) resolve(JSON.parse(out) as CliInfo);
      });
      void exited.then((code) => reject(new Error(`the CLI exited early (${code}): ${stderr}`)));
    });
    await use(info);
  } finally {
    child.kill("SIGINT");
  }
  return exited;
}

describe("pnpm devnet (the CLI)", () => {
  it("funds every printed account with 10,000 of every token, and a --fund address too", async () => {
    const extra = privateKeyToAccount(generatePrivateKey()).address;
    const code = await withCli(["--fund", extra], async (info) => {
      console.log(`pnpm devnet with funding started in ${info.startedInMs} ms (budget 4000 ms)`);
      expect(info.accounts.map((a) => a.address)).toEqual(DEVNET_ACCOUNTS.map((a) => a.address));
      expect(info.fundedAddresses).toEqual([extra]);
      const client = createPublicClient({ transport: http(info.rpcUrl) });
      const tokens = Object.values(DEVNET_TOKENS);
      for (const address of [...info.accounts.map((a) => a.address), extra]) {
        const held = await Promise.all(
          tokens.map((token) =>
            token.symbol === "CELO"
              ? client.getBalance({ address })
              : client.readContract({
                  address: token.address,
                  abi: erc20Abi,
                  functionName: "balanceOf",
                  args: [address],
                }),
          ),
        );
        expect(
          Object.fromEntries(tokens.map((token, i) => [token.symbol, held[i]])),
          `balances of ${address}`,
        ).toEqual(
          Object.fromEntries(tokens.map((token) => [token.symbol, parseUnits("10000", token.decimals)])),
        );
      }
      // What it prints is what they hold.
      for (const account of info.accounts)
        expect(account.balances).toEqual(Object.fromEntries(tokens.map((token) => [token.symbol, "10000"])));
    });
    expect(code).toBe(0);
  });

  it("--help prints the usage; an unknown option or a bad --fund is refused with exit 2, before starting", async () => {
    const help = await run(process.execPath, [cli, "--help"]);
    expect(help.stdout).toContain("usage: pnpm devnet");
    expect(help.stdout).toContain("--no-fund");
    for (const [args, problem] of [
      [["--bogus"], "unknown option --bogus"],
      [["--fund", "0x12"], "--fund needs an address"],
      [["--fund"], "--fund needs an address"],
      [["--no-fund", "--fund", DEVNET_ACCOUNTS[0]!.address], "do not go together"],
    ] as const) {
      const refused = await run(process.execPath, [cli, ...args]).then(
        () => undefined,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(refused?.code, args.join(" ")).toBe(2);
      expect(refused?.stderr.split("\n")[0]).toContain(problem);
      expect(refused?.stderr).toContain("usage: pnpm devnet");
      expect(refused?.stdout).toBe("");
    }
  });
});

describe("the devnet README", () => {
  it("lists the accounts pnpm devnet prints, with their keys", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    DEVNET_ACCOUNTS.forEach((account, index) => {
      expect(readme).toContain(`| ${index} | \`${account.address}\` | \`${account.privateKey}\` |`);
    });
  });
});
