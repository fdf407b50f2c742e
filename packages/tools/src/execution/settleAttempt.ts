// Stage 10 of an execution: settle. core's result is written into the record; a write-ahead record the store
// refused (or did not write in time) for this attempt's first step turns the attempt into a refusal (that step was
// not broadcast and nothing of this attempt left); steps never attempted release their reserved spends.
import { StoreUnavailableError } from "../errors/store.js";
import { finishAttempt, refuseAttempt, releaseFrom } from "./endAttempt.js";
import type { StepRecord } from "./executionRegistry.js";
import type { FlowAttempt } from "./flowAttempt.js";
import { flowSpendKey } from "./flowSpendKey.js";
import type { runPreparedFlow } from "./runPreparedFlow.js";
import { isSent } from "./stepSent.js";
import { storeRefusal } from "./storeRefusal.js";
import { toStepRecord } from "./toStepRecord.js";

/** Settles the attempt from core's result; see the file comment. @internal */
export async function settleAttempt(
  attempt: FlowAttempt,
  result: Awaited<ReturnType<typeof runPreparedFlow>>,
): Promise<void> {
  const { context, firstNew, flowId, record, runtime, tool } = attempt;
  const ledger = runtime.policy?.ledger;
  const keyOf = (index: number) => flowSpendKey(flowId, index, record.attempt as string);
  const total = record.steps.length;
  const held = result.steps[firstNew];
  if (!attempt.vetoed && held?.code === "BROADCAST_HOOK_TIMEOUT" && held.hash !== null) {
    const late = new StoreUnavailableError({
      location: attempt.store.location,
      reason: "it did not answer in time",
      remedy: "",
    });
    attempt.vetoed = storeRefusal({
      error: late,
      location: attempt.store.location,
      tool,
      index: firstNew,
      total,
      hash: held.hash,
    });
    context.log(`${tool}: step ${firstNew + 1}/${total} not broadcast: ${attempt.vetoed.message}`);
  }
  if (attempt.vetoed && result.failedStep === firstNew && !attempt.resent && !attempt.signedAny) {
    await releaseFrom(attempt, firstNew);
    await ledger?.release(keyOf(firstNew)).catch(() => undefined);
    refuseAttempt(attempt, attempt.vetoed);
    return;
  }
  result.steps.forEach((step, index) => {
    const target = record.steps[index] as StepRecord;
    const bytes = target.signedTransaction;
    Object.assign(target, toStepRecord(step));
    if (target.status === "pending" && target.signedTransaction === undefined && bytes !== undefined)
      target.signedTransaction = bytes;
  });
  // Steps never attempted spend nothing.
  for (const step of record.steps.slice(firstNew)) {
    if (step.hash === null) await ledger?.release(keyOf(step.index)).catch(() => undefined);
  }
  finishAttempt(
    attempt,
    "settled",
    result.cancelled ? "cancelled" : result.status === "aborted" ? "cancelled" : result.status,
  );
  if (result.cancelled) {
    const sent = record.steps.filter(isSent).map((step) => step.index);
    context.log(
      `${tool}: flow ${flowId} cancelled; steps sent: ${sent.length === 0 ? "none" : sent.join(", ")}`,
    );
  }
}
