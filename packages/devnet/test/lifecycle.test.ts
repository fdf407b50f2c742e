// The devnet leaves nothing running: after stop(), after an aborted (failed) start, and after its parent
// process is killed with SIGKILL.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startDevnet } from "../src/index.js";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/**
 * Pids of this test process's own children whose command line matches (anvil, alto): other test files and
 * other packages' test runs start devnets at the same time, and their processes must not count.
 */
async function processesNamed(pattern: RegExp): Promise<number[]> {
  const { readdirSync, readFileSync } = await import("node:fs");
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && pattern.test(cmd)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

describe("devnet lifecycle", () => {
  it("stop() ends anvil and alto and frees the ports", async () => {
    const devnet = await startDevnet();
    expect(isAlive(devnet.pids.anvil)).toBe(true);
    expect(isAlive(devnet.pids.bundler)).toBe(true);
    await devnet.stop();
    expect(await eventually(() => !isAlive(devnet.pids.anvil) && !isAlive(devnet.pids.bundler))).toBe(true);
    await expect(fetch(devnet.rpcUrl, { method: "POST" })).rejects.toThrow();
    await expect(fetch(devnet.sponsorBaseUrl, { method: "POST" })).rejects.toThrow();
    await devnet.stop(); // idempotent
  });

  it.runIf(process.platform === "linux")("an aborted start stops what had started", async () => {
    const controller = new AbortController();
    const before = new Set(await processesNamed(/anvil|alto\.js/));
    const starting = startDevnet({ signal: controller.signal });
    // abort as soon as the first child (anvil) is up: a fixed wait raced a start that finished first on an idle
    // machine (the start resolved before the abort); polling every 20 ms, bounded at 10 s
    let mine: number[] = [];
    for (const started = Date.now(); mine.length === 0 && Date.now() - started < 10_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mine = (await processesNamed(/anvil|alto\.js/)).filter((pid) => !before.has(pid));
    }
    expect(mine.length).toBeGreaterThan(0);
    controller.abort(new Error("test abort"));
    await expect(starting).rejects.toThrow(/test abort/);
    expect(await eventually(() => mine.every((pid) => !isAlive(pid)))).toBe(true);
  });

  it.runIf(process.platform === "linux")("children die when the parent is killed with SIGKILL", async () => {
    const script = `
      import { startDevnet } from ${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)};
      const d = await startDevnet();
      process.stdout.write(JSON.stringify(d.pids) + "\\n");
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const pids = await new Promise<{ anvil: number; bundler: number }>((resolve, reject) => {
      let out = "";
      parent.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]!));
      });
      parent.on("exit", (code) => reject(new Error(`parent exited early (${code})`)));
    });
    expect(isAlive(pids.anvil) && isAlive(pids.bundler)).toBe(true);
    parent.kill("SIGKILL");
    expect(await eventually(() => !isAlive(pids.anvil) && !isAlive(pids.bundler))).toBe(true);
  });
});
