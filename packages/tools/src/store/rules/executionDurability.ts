// Which writes of an execution's record must be on disk before they resolve: what durability needs, no more. A
// step's signed bytes are broadcast right after their record is written (the write-ahead), so that record is
// durable: after a power loss the same bytes are sent again or looked up, never signed twice. The end (the record
// turning `done`) is durable too: it is what the agent was told. Every other write (running, sent, a step's
// receipt) is re-derived from the chain by recovery if a power loss undoes it.
import type { StoredExecution } from "../types.js";

/**
 * Whether writing `next` over `previous` (the stored record, if any) must be durable: `next` carries a step's
 * signed bytes `previous` does not (the write-ahead of that step), or it ends the execution. @internal
 */
export function executionWriteIsDurable(
  previous: StoredExecution | undefined,
  next: StoredExecution,
): boolean {
  if (next.state === "done" && previous?.state !== "done") return true;
  const stored = new Set<string>();
  for (const step of previous?.steps ?? []) {
    if (step.signedTransaction !== undefined) stored.add(step.signedTransaction);
  }
  return next.steps.some(
    (step) => step.signedTransaction !== undefined && !stored.has(step.signedTransaction),
  );
}
