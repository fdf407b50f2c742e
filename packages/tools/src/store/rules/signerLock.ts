// The signer's queue for both engines: jobs of one process in arrival order (SignerQueue), and across processes and
// machines the engine's lock (SQLite: a leased row; PostgreSQL: a session advisory lock), tried with a growing pause
// until it is taken or the wait runs out.
import { StoreUnavailableError } from "../../errors/store.js";
import type { SqlEngine } from "../engine.js";
import { SignerQueue } from "../signerQueue.js";
import type { ToolServerStore } from "../types.js";

/** How long a job waits for the signer's lock by default. @internal */
export const SIGNER_LOCK_WAIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The store's `withSignerLock` over `engine`. @internal */
export function signerLockMethod(engine: SqlEngine): ToolServerStore["withSignerLock"] {
  const local = new SignerQueue();
  return (signer, job, options = {}) => {
    const key = signer.toLowerCase();
    return local.run(key, async () => {
      const hold = await engine.holdSignerLock(key);
      let held = false;
      try {
        const waitMs = options.timeoutMs ?? SIGNER_LOCK_WAIT_MS;
        const deadline = Date.now() + waitMs;
        for (let attempt = 0; ; attempt++) {
          if (await hold.take()) break;
          if (options.signal?.aborted || Date.now() >= deadline) {
            throw new StoreUnavailableError({
              location: engine.location,
              reason: `the signer ${key} stayed locked by another tool server for ${waitMs} ms`,
              remedy: "Try again once the other server's execution has ended.",
            });
          }
          await sleep(Math.min(200, 20 + attempt * 10));
        }
        held = true;
        return await job();
      } finally {
        await hold.release(held);
      }
    });
  };
}
