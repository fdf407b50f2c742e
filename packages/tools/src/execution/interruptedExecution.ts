// A record loaded from the state directory that had not ended when its server stopped (queued or running) is
// not "not sent": a step with a hash may be on chain. It is reported as the chain tells: its steps with a hash
// are looked up by receipt (success / reverted, or still pending when there is no receipt yet), steps never
// signed are skipped (never sent), and the record is marked `interrupted`; settleFromChain.ts looks them up.
import type { ExecutionRecord } from "./executionRegistry.js";

const NOT_SENT = "not sent: the tool server stopped before this step was signed";
/** A sent step of an interrupted record while the chain has no receipt for it. @internal */
export const NO_RECEIPT =
  "sent (or being sent) when the tool server stopped; the chain has no receipt for it yet: it may still be mined. Ask get_flow_status again later and do not execute the flow again";

/**
 * Marks a record whose server stopped before it ended: `interrupted`, ended for this process, steps never
 * signed `skipped`, outcome from its steps (see {@link settleOutcome}). @internal
 */
export function markInterrupted(record: ExecutionRecord, now: string): void {
  record.interrupted = true;
  record.state = "done";
  for (const step of record.steps) {
    if (step.status === "queued" && step.hash === null) {
      step.status = "skipped";
      step.sent = false;
      step.code = "NOT_ATTEMPTED";
      step.error = NOT_SENT;
    } else if (step.status === "pending" || step.status === "queued") {
      // A step with a hash, or one that may have left (a hand-made file): its outcome is the chain's.
      step.status = "pending";
      step.sent ??= "unknown";
      step.code = step.sent === true ? "TRANSACTION_PENDING" : "TRANSACTION_OUTCOME_UNKNOWN";
      step.error = NO_RECEIPT;
    }
  }
  settleOutcome(record, now);
}

/**
 * The outcome of an ended record from its steps: `success` when all succeeded, `pending` while the first step
 * that did not succeed is pending, `cancelled` when a cancelled execution's steps sent all succeeded, else
 * `failed` (reverted, or stopped before a step was sent). @internal
 */
export function settleOutcome(record: ExecutionRecord, now: string): void {
  const stopped = record.steps.find((step) => step.status !== "success");
  if (!stopped) record.outcome = "success";
  else if (stopped.status === "pending") record.outcome = "pending";
  else if (record.outcome === "cancelled" && stopped.status === "skipped") record.outcome = "cancelled";
  else record.outcome = "failed";
  record.finishedAt = record.outcome === "pending" ? null : (record.finishedAt ?? now);
}
