import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProcessAlive } from "./isProcessAlive.js";

/**
 * The folder of anvil state caches shared by every devnet of this user on this machine (fixed, not `os.tmpdir()`
 * at call time: test set-ups give each test file its own TMPDIR, and a sweep must see every devnet's caches).
 */
export const ANVIL_STATE_CACHES =
  process.platform === "win32"
    ? join(tmpdir(), "preflow-anvil-states")
    : `/tmp/preflow-anvil-states-${process.getuid?.() ?? "user"}`;

const ownCaches = new Set<string>();
let exitHookInstalled = false;

/** Removes a cache folder; a failure (already gone, a file still being written) is left to a later sweep. */
export function removeAnvilStateCache(dir: string): void {
  ownCaches.delete(dir);
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // the next sweep removes what is left once this process is gone
  }
}

/** Removes every cache whose owning process (the pid its name starts with) is gone. */
export function sweepAnvilStateCaches(): void {
  let names: string[];
  try {
    names = readdirSync(ANVIL_STATE_CACHES);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = /^(\d+)-/.exec(name);
    if (owner && !isProcessAlive(Number(owner[1]))) removeAnvilStateCache(join(ANVIL_STATE_CACHES, name));
  }
}

/**
 * A new folder for one anvil's `--cache-path`, named after this process's pid. anvil spills the states of older
 * blocks there (a full state per block, some 4 MB each for the Celo devnet, up to 3,600 of them) and removes
 * nothing when it exits, stopped or killed: left in anvil's default `~/.foundry/anvil/tmp`, a day of test runs
 * filled a 252 GB disk. The devnet removes the folder when its anvil exits and when this process exits, and every
 * new cache first sweeps the caches of processes that are gone (a SIGKILLed test worker's). `undefined` when the
 * folder cannot be made (anvil then uses its default).
 */
export function createAnvilStateCache(): string | undefined {
  sweepAnvilStateCaches();
  let dir: string;
  try {
    mkdirSync(ANVIL_STATE_CACHES, { recursive: true, mode: 0o700 });
    dir = mkdtempSync(join(ANVIL_STATE_CACHES, `${process.pid}-`));
  } catch {
    return undefined;
  }
  ownCaches.add(dir);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", () => {
      for (const cache of [...ownCaches]) removeAnvilStateCache(cache);
    });
  }
  return dir;
}
