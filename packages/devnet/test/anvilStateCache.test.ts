import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startAnvil } from "../src/anvil.js";
import { ANVIL_STATE_CACHES, sweepAnvilStateCaches } from "../src/anvilStateCache.js";
import { stopProcess } from "../src/processes.js";
import { rpcCall } from "../src/rpc.js";

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return child.pid!;
}

/** A folder that looks like an anvil state cache of process `pid`, with a state file in it. */
function fakeCache(pid: number, suffix: string): string {
  const dir = join(ANVIL_STATE_CACHES, `${pid}-${suffix}`, "anvil-state-01-01-2026-00-00abcdef");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "0x01.json"), "{}");
  return join(ANVIL_STATE_CACHES, `${pid}-${suffix}`);
}

describe("anvil's spilled states", () => {
  it("go to a folder of the devnet's, which is removed when anvil stops", async () => {
    const anvil = await startAnvil({ name: "anvil (state cache)", chainId: 1 });
    const args = anvil.process.child.spawnargs;
    const cache = args[args.indexOf("--cache-path") + 1]!;
    try {
      expect(cache.startsWith(join(ANVIL_STATE_CACHES, `${process.pid}-`))).toBe(true);
      // 512 blocks: more than anvil keeps in memory, so it writes older states to the cache
      await rpcCall(anvil.rpcUrl, "anvil_mine", ["0x200"]);
      expect(readdirSync(cache).length).toBeGreaterThan(0);
      expect(readdirSync(join(cache, readdirSync(cache)[0]!)).length).toBeGreaterThan(0);
    } finally {
      await stopProcess(anvil.process);
    }
    await expect.poll(() => existsSync(cache), { timeout: 5_000 }).toBe(false);
  });

  it("a sweep removes the caches of processes that are gone (a SIGKILLed test worker's) and keeps live ones", async () => {
    const gone = fakeCache(await deadPid(), "gone01");
    const live = fakeCache(process.pid, "live01");
    const foreign = join(ANVIL_STATE_CACHES, "not-a-cache");
    mkdirSync(foreign, { recursive: true });
    try {
      sweepAnvilStateCaches();
      expect(existsSync(gone)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(foreign)).toBe(true);
    } finally {
      for (const dir of [gone, live, foreign]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
