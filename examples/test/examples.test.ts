// Every example runs as a user would run it (tsx, a child process) against the devnet, and the demo as `pnpm demo`
// runs it (compiled, on plain Node), so they cannot rot.
import { execFile, execFileSync, spawn } from "node:child_process";
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

/** Pids of the live (not zombie) processes in process group `pgid`, from `ps` (Linux and macOS). */
function liveProcessesInGroup(pgid: number): string[] {
  try {
    return execFileSync("ps", ["-o", "pid=,stat=,comm=", "-g", String(pgid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !/^\d+\s+Z/.test(line));
  } catch {
    return []; // ps exits 1 when the group is empty
  }
}

describe("pnpm demo", () => {
  it("tells the whole story on its own devnet, exits 0 and leaves no process of its group behind", async () => {
    // What `pnpm demo` runs (after its build): the compiled demo on plain Node, in a process group of its own so
    // every process it started (anvil, the bundler, anything they start) can be found after it exits.
    const child = spawn(process.execPath, ["dist/demo/main.js"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const killer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 110_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    clearTimeout(killer);
    expect(code, `${stdout}\n--- stderr ---\n${stderr.slice(-4_000)}`).toBe(0);
    // Bounded: at most 1 s (10 polls) for the kernel to finish tearing the group down.
    let left = liveProcessesInGroup(child.pid!);
    for (let poll = 0; poll < 10 && left.length > 0; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = liveProcessesInGroup(child.pid!);
    }
    expect(left, "processes of the demo's group still running 1 s after it exited").toEqual([]);
    expect(stdout).toContain("Summary");
    expect(stdout).toMatch(/EOF? ?send|EOA send/);
    expect(stdout).toContain("sponsored batch (2 calls)");
    // One step pays its gas in a stablecoin, from an account that holds no CELO, and the demo says so (stdout is
    // a pipe here: no colours).
    expect(stdout).toMatch(/gas paid in USDm by an account with 0 CELO: 0\.\d+ USDm/);
    expect(stdout).toContain("EOA send, gas in USDm (0x7b)");
    // The preview and the simulation come before the submission, and the real changes match them.
    expect(stdout).toMatch(/Approve 0x\S+ to spend exactly 7 USDm/);
    expect(stdout).toContain("every step succeeds");
    expect(stdout.indexOf("Simulated on block")).toBeLessThan(stdout.indexOf("aa.sendPreparedFlow"));
    expect(stdout).toMatch(/smart account \S+\s+USDm\s+-7\s+-7\s+yes/);
    expect(stdout).toContain("Done: both transactions carry sdk + demo_app");
  });
});

/** Runs the compiled demo as `pnpm demo` does, with `args`; resolves with its exit code and output. */
function demo(args: readonly string[], timeout = 60_000) {
  return run(process.execPath, ["dist/demo/main.js", ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1", DO_NOT_TRACK: "1" },
    timeout,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe("pnpm demo's command line", () => {
  const devnet = useDevnet();

  it("--rpc never prints the URL's API key, in its header or in its error", async () => {
    // Port 9 on loopback: nothing answers, so the error path (which quotes the endpoint) runs too.
    const failed = await demo(["--rpc", "http://127.0.0.1:9/v2/SECRETPATHKEY123456789?apikey=DEMOSECRET"]);
    const output = failed.stdout + failed.stderr;
    expect(failed.code, output).toBe(1);
    expect(failed.stdout).toContain("preflow demo: read-only against http://127.0.0.1:9/v2/***?apikey=***");
    expect(failed.stderr).toContain("demo failed:");
    expect(output).not.toContain("SECRETPATHKEY123456789");
    expect(output).not.toContain("DEMOSECRET");
  });

  it("--rpc runs the read-only part against the devnet without printing its API key", async () => {
    const done = await demo(["--rpc", `${devnet.rpcUrl}/?apikey=DEMOSECRET`]);
    const output = done.stdout + done.stderr;
    expect(done.code, output).toBe(0);
    expect(done.stdout).toContain("Token registry and balances");
    expect(done.stdout).toMatch(/"chainId": 42220/);
    expect(output).not.toContain("DEMOSECRET");
  });

  it("--help prints the usage and exits 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const help = await demo([flag]);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^usage: pnpm demo/);
      expect(help.stdout).toContain("--rpc <url>");
      expect(help.stderr).toBe("");
    }
  });

  it("an unknown option or a bad --rpc prints one line naming it, then the usage, and exits 2", async () => {
    for (const [args, problem] of [
      [["--bogus"], "preflow demo: unknown option --bogus"],
      [["--rpc"], "preflow demo: --rpc needs a URL"],
      [["--rpc", "--help"], "preflow demo: --rpc needs a URL"],
      [["https://rpc.example/v2/abcdefghij0123456789xyz"], "unexpected argument https://rpc.example/v2/***"],
    ] as const) {
      const refused = await demo(args);
      expect(refused.code, args.join(" ")).toBe(2);
      const [first, second, third] = refused.stderr.split("\n");
      expect(first).toContain(problem);
      expect(second).toBe("");
      expect(third).toMatch(/^usage: pnpm demo/);
      expect(refused.stderr).not.toContain("ERR_PARSE_ARGS");
      expect(refused.stderr).not.toContain("abcdefghij0123456789xyz");
      expect(refused.stdout).toBe("");
    }
  });
});
