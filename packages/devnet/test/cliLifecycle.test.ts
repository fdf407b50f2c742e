// `pnpm devnet`'s lifecycle (the compiled CLI): fixed ports with an `export RPC_URL=` line, a taken port refused
// before anything starts, and nothing left running after SIGTERM, after a child's death, after `kill -9` of the
// CLI or after `kill -9` of its parent (what pnpm is), and after SIGINT to `pnpm devnet`'s own process. Each test
// checks by pid. Ports come from `--port` with a free port (never 8545), so parallel runs never collide.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePortRun } from "../src/rpc.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const root = fileURLToPath(new URL("../../..", import.meta.url));

// Whatever a test started is killed after it, also when it failed half-way (the CLI's children die with it).
const spawned: ChildProcess[] = [];
function start(args: readonly string[]): ChildProcess {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  spawned.push(child);
  return child;
}
afterEach(() => {
  for (const child of spawned.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

interface Pids {
  cli: number;
  anvil: number;
  bundler: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // a zombie (exited, not yet reaped by its parent) counts as gone
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, timeoutMs = 8000): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** Direct children of `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/** A free port whose two successors are free too (the bundler's and the sponsor endpoint's), below the kernel's
 * ephemeral range: a port in it could be taken by an outgoing connection before the CLI listens (it was, once: alto
 * exited with EADDRINUSE on port+1 under two suites' load). */
async function freePortTriple(): Promise<number> {
  const port = await freePortRun(3);
  if (port === undefined) throw new Error("no three consecutive free ports below the ephemeral range");
  return port;
}

/** Output of a process, and its exit. */
function watch(child: ChildProcess) {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output = (until: (out: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => until(stdout) && resolve(stdout);
      child.stdout?.on("data", check);
      check();
      void exited.then((code) => reject(new Error(`exited early (${code}): ${stderr}`)));
    });
  return { exited, output, stderr: () => stderr };
}

/** Starts the CLI (`--json --no-fund --port <port>`) and returns its pids once it is up. */
async function startCli(
  port: number,
): Promise<{ child: ChildProcess; pids: Pids; exited: Promise<number | null> }> {
  const child = start([cli, "--json", "--no-fund", "--port", String(port)]);
  const { exited, output } = watch(child);
  const out = await output((text) => text.endsWith("}\n"));
  const { pids } = JSON.parse(out) as { pids: Pids };
  return { child, pids, exited };
}

describe.runIf(process.platform === "linux")("pnpm devnet's lifecycle", () => {
  it("listens on --port and the two after it, prints export lines, refuses a taken port, and SIGTERM stops everything", async () => {
    const port = await freePortTriple();
    const child = start([cli, "--no-fund", "--port", String(port)]);
    const { exited, output } = watch(child);
    const text = await output((out) => out.includes("Press Ctrl-C"));
    expect(text).toContain(`export RPC_URL=http://127.0.0.1:${port}\n`);
    expect(text).toContain(`export BUNDLER_URL=http://127.0.0.1:${port + 1}\n`);
    expect(text).toContain(
      `export SPONSOR_URL='http://127.0.0.1:${port + 2}/v2/42220/rpc?apikey=preflow-devnet'\n`,
    );
    const answer = await fetch(`http://127.0.0.1:${port}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(answer.result).toBe("0xa4ec");
    const children = childrenOf(child.pid!);
    expect(children.length).toBe(2); // anvil and alto, nothing else

    // A second devnet on the same port is refused before it starts anything.
    const second = start([cli, "--no-fund", "--port", String(port)]);
    const refused = watch(second);
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain(
      `port ${port} on 127.0.0.1 (the RPC (the fee-currency node front before anvil)) is already in use`,
    );
    expect(refused.stderr()).toContain("--port");

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await eventually(() => children.every((pid) => !isAlive(pid)))).toBe(true);
    expect(await canListen(port)).toBe(true);
  });

  it("when anvil dies, the CLI stops alto and exits with status 1", async () => {
    const { pids, exited } = await startCli(await freePortTriple());
    process.kill(pids.anvil, "SIGTERM");
    expect(await exited).toBe(1);
    expect(await eventually(() => !isAlive(pids.bundler))).toBe(true);
  });

  it("kill -9 of the CLI takes anvil and alto with it", async () => {
    const { child, pids, exited } = await startCli(await freePortTriple());
    child.kill("SIGKILL");
    await exited;
    expect(await eventually(() => !isAlive(pids.anvil) && !isAlive(pids.bundler))).toBe(true);
  });

  it("SIGINT to the `pnpm devnet` process alone stops pnpm, the CLI, anvil and alto", async () => {
    const port = await freePortTriple();
    // The root script as a user runs it (scripts/devnet.mjs, exec'd by `sh -c`: pnpm's direct child).
    const pnpm = spawn("pnpm", ["devnet", "--json", "--no-fund", "--port", String(port)], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    spawned.push(pnpm);
    const { exited, output } = watch(pnpm);
    const out = await output((text) => text.endsWith("}\n"));
    const { pids } = JSON.parse(out.slice(out.indexOf("{"))) as { pids: Pids };
    expect(childrenOf(pnpm.pid!)).toEqual([pids.cli]);
    const sent = Date.now();
    pnpm.kill("SIGINT");
    const gone = () => !isAlive(pids.cli) && !isAlive(pids.anvil) && !isAlive(pids.bundler);
    expect(await eventually(gone, 5000)).toBe(true);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(await exited).toBe(0);
    expect(await canListen(port)).toBe(true);
  }, 60_000);

  it("kill -9 of the CLI's parent (pnpm's place) stops the CLI, anvil and alto", async () => {
    const port = await freePortTriple();
    // A parent that starts the CLI as pnpm does (its direct child) and passes its output through.
    const parent = start([
      "-e",
      `const c = require("node:child_process").spawn(process.execPath, ${JSON.stringify([cli, "--json", "--no-fund", "--port", String(port)])}, { stdio: "inherit" }); setInterval(() => {}, 1000);`,
    ]);
    const { output } = watch(parent);
    const { pids } = JSON.parse(await output((text) => text.endsWith("}\n"))) as { pids: Pids };
    expect(childrenOf(parent.pid!)).toEqual([pids.cli]);
    parent.kill("SIGKILL");
    expect(await eventually(() => !isAlive(pids.cli) && !isAlive(pids.anvil) && !isAlive(pids.bundler))).toBe(
      true,
    );
  });
});
