// The last stage of an attempt, whichever way it ends: settled after running, refused before anything of it was
// sent (the record it replaced stands again: standingExecution.ts), stopped by a failure after something may have
// been sent, cancelled before its first step, or adopted (another server's execution is the answer).
import { isApprovalRefusal } from "../errors/approval.js";
import { PolicyViolationError } from "../errors/policy.js";
import { StoreUnavailableError } from "../errors/store.js";
import type { ExecutionRecord } from "./executionRegistry.js";
import { advanceStage, type ExecutionStage } from "./executionStage.js";
import { type FlowAttempt, now } from "./flowAttempt.js";
import { flowSpendKey } from "./flowSpendKey.js";
import { landedAny } from "./standingExecution.js";

/** Marks the attempt's record ended (not written). */
function endRecord(attempt: FlowAttempt, stage: ExecutionStage, outcome: ExecutionRecord["outcome"]): void {
  advanceStage(attempt, stage);
  const { record } = attempt;
  record.state = "done";
  record.outcome = outcome;
  record.finishedAt = now();
  record.local = false;
  for (const step of record.steps) if (step.status === "queued") step.status = "skipped";
  // On chain: the record it replaced can no longer stand again.
  if (landedAny(record)) delete record.supersedes;
}

/**
 * Ends the attempt. Its record is written only when it was written before (it held the signer's lock): an attempt
 * stopped earlier sent nothing, and writing it could hide another server's newer record; the earlier record then
 * stays what this server remembers. @internal
 */
export function finishAttempt(
  attempt: FlowAttempt,
  stage: "settled" | "cancelled" | "stopped",
  outcome: ExecutionRecord["outcome"],
): void {
  endRecord(attempt, stage, outcome);
  if (attempt.written) void attempt.context.executions.changed(attempt.record);
  else if (attempt.earlier) attempt.context.executions.restore(attempt.earlier);
}

/** Another server executed the flow meanwhile: its record is the answer and what this server remembers. @internal */
export function adoptExecution(attempt: FlowAttempt, stored: ExecutionRecord): void {
  attempt.record.adopted = stored;
  endRecord(attempt, "adopted", "cancelled");
  attempt.context.executions.restore(stored);
}

/** Releases the spends reserved for this attempt's steps from `index` on that were never signed. @internal */
export async function releaseFrom(attempt: FlowAttempt, index: number): Promise<void> {
  const ledger = attempt.runtime.policy?.ledger;
  for (const step of attempt.record.steps.slice(index)) {
    if (step.hash === null)
      await ledger
        ?.release(flowSpendKey(attempt.flowId, step.index, attempt.record.attempt as string))
        .catch(() => undefined);
  }
}

/**
 * A refusal before anything new was sent: the refused attempt is not written (it stands for nothing); the earlier
 * record stays, or is put back, what the server and the store remember. The caller still waiting gets the error.
 * @internal
 */
export function refuseAttempt(attempt: FlowAttempt, error: unknown): void {
  const { record, earlier, context } = attempt;
  record.refusal = error;
  endRecord(attempt, "refused", "failed");
  if (earlier) context.executions.restore(earlier, attempt.written ? record : undefined);
  else context.executions.forget(record, attempt.written);
}

/** What ends the attempt when something failed: a refusal before anything was signed, else `failed`. @internal */
export async function failAttempt(attempt: FlowAttempt, error: unknown): Promise<void> {
  if (
    !attempt.signedAny &&
    (error instanceof PolicyViolationError ||
      error instanceof StoreUnavailableError ||
      isApprovalRefusal(error))
  ) {
    await releaseFrom(attempt, attempt.firstNew);
    refuseAttempt(attempt, error);
    return;
  }
  attempt.context.log(
    `${attempt.tool}: flow ${attempt.flowId} stopped: ${(error as Error)?.message ?? String(error)}`,
  );
  for (const step of attempt.record.steps) {
    if (step.status === "pending")
      step.error = "sent; its outcome is not known (check it with get_transaction)";
  }
  finishAttempt(attempt, "stopped", "failed");
}
