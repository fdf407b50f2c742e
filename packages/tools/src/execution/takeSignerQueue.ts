// Stage 5 of an execution: once approved, the attempt takes its turn in the signer's queue (one execution at a time
// per signer, in this process and, through the store's signer lock, in every server of the signer), runs there,
// and ends however it ends. The record's last write lands before the lock is released: the next holder never sees
// it running.
import { afterApproval } from "../approval/afterApproval.js";
import { failAttempt } from "./endAttempt.js";
import type { FlowAttempt } from "./flowAttempt.js";

/** Runs `run` holding the signer's lock after the approval; resolves when the attempt has ended (never rejects). @internal */
export function takeSignerQueue(
  attempt: FlowAttempt,
  run: (attempt: FlowAttempt) => Promise<void>,
): Promise<void> {
  const { account, call, context, record, store } = attempt;
  return afterApproval(attempt.approval, store)
    .withSignerLock(
      account.address,
      async () => {
        try {
          await run(attempt);
        } catch (error) {
          await failAttempt(attempt, error);
        }
        await context.executions.written(record);
      },
      { signal: call.signal, timeoutMs: Math.max(1_000, call.deadline - Date.now() - 1_000) },
    )
    .catch((error: unknown) => failAttempt(attempt, error));
}
