// Stage 9 of an execution: run the steps (core's executePreparedFlow through runPreparedFlow.ts, or with an agent
// budget the owner's steps as one redeemDelegations transaction of the agent through runBudgetRedemption.ts: the
// second way to send, behind the same hooks), each step's signed bytes written ahead to the store before they are
// broadcast (a write that fails vetoes the send), every step's events recorded, counted in the ledger and reported as
// progress.
import type { PolicyCheck } from "../policy/checkPolicy.js";
import { refuseAttempt, releaseFrom } from "./endAttempt.js";
import type { StepRecord } from "./executionRegistry.js";
import { enterStage, type FlowAttempt } from "./flowAttempt.js";
import { flowSpendKey } from "./flowSpendKey.js";
import { runBudgetRedemption } from "./runBudgetRedemption.js";
import { runPreparedFlow } from "./runPreparedFlow.js";
import { neverSent } from "./stepSent.js";
import { storeRefusal } from "./storeRefusal.js";
import { toStepRecord } from "./toStepRecord.js";

type RunResult = Awaited<ReturnType<typeof runPreparedFlow>>;
type Hooks = Pick<Parameters<typeof runPreparedFlow>[1], "beforeBroadcast" | "onStep">;

/**
 * Runs the steps; resolves with core's result, or `undefined` when core refused before signing anything (the
 * attempt is then refused: nothing of it left). @internal
 */
export async function runSteps(
  attempt: FlowAttempt,
  policy: PolicyCheck | undefined,
): Promise<RunResult | undefined> {
  const { account, call, context, firstNew, flow, record, resume, runtime } = attempt;
  try {
    const parameters = {
      account,
      flow,
      signal: call.signal,
      receiptTimeoutMs: context.receiptTimeoutMs,
      ...(resume === undefined ? {} : { resume }),
      beforeBroadcast: (event: Parameters<NonNullable<Hooks["beforeBroadcast"]>>[0]) =>
        writeAhead(attempt, event),
      onStep: (event: Parameters<NonNullable<Hooks["onStep"]>>[0]) => recordStep(attempt, policy, event),
    };
    const budget = runtime.budget;
    if (budget === undefined) return await runPreparedFlow(runtime.client, parameters);
    return await runBudgetRedemption(runtime.client, {
      ...parameters,
      budget,
      sdk: runtime.sdk,
      onRefusal: (refusal) => {
        attempt.vetoed = refusal;
        context.log(`${attempt.tool}: not broadcast: ${refusal.message.split("\n")[0]}`);
      },
    });
  } catch (error) {
    // core throws only before it signs anything: nothing of this execution left.
    if (record.steps.slice(firstNew).some((step) => step.hash !== null)) throw error;
    await releaseFrom(attempt, firstNew);
    refuseAttempt(attempt, error);
    return undefined;
  }
}

/**
 * Write-ahead: the signed bytes are durable in the store before the send, so that after a crash they are sent again
 * (same hash) or the step is looked up, never signed a second time. A failed write vetoes the send: the step is not
 * broadcast and the call refuses with the store's error.
 */
async function writeAhead(attempt: FlowAttempt, event: Parameters<NonNullable<Hooks["beforeBroadcast"]>>[0]) {
  const { context, record, store, tool } = attempt;
  const step = record.steps[event.index] as StepRecord;
  Object.assign(step, { hash: event.hash, status: "pending", sent: "unknown", nonce: event.nonce });
  step.signedTransaction = event.signedTransaction;
  try {
    await context.executions.durable(record);
  } catch (error) {
    const total = record.steps.length;
    const vetoed = storeRefusal({
      error,
      location: store.location,
      tool,
      index: event.index,
      total,
      hash: event.hash,
    });
    attempt.vetoed = vetoed;
    context.log(`${tool}: step ${event.index + 1}/${total} not broadcast: ${vetoed.message}`);
    throw vetoed;
  }
}

/** A step's event: signed (bound in the ledger), sent (acknowledged by the node), or its outcome. */
async function recordStep(
  attempt: FlowAttempt,
  policy: PolicyCheck | undefined,
  event: Parameters<NonNullable<Hooks["onStep"]>>[0],
): Promise<void> {
  const { call, context, flow, flowId, record, runtime, tool } = attempt;
  const ledger = runtime.policy?.ledger;
  const keyOf = (index: number) => flowSpendKey(flowId, index, record.attempt as string);
  const total = record.steps.length;
  const step = record.steps[event.index] as StepRecord;
  if (event.phase === "signed") {
    // Written to the store (beforeBroadcast): from here on the step may be on chain.
    enterStage(attempt, "signing");
    attempt.signedAny = true;
    if (policy?.spends.has(event.index)) await ledger?.bind(keyOf(event.index), event.hash);
    context.log(`${tool}: step ${event.index + 1}/${total} signed: ${event.hash}`);
  } else if (event.phase === "sent") {
    enterStage(attempt, "sent");
    step.sent = true;
    void context.executions.changed(record);
    const line = `step ${event.index + 1}/${total} sent: ${event.hash}`;
    context.log(`${tool}: ${line}`);
    await call.progress(event.index + 0.5, total, line);
  } else {
    const bytes = step.signedTransaction;
    Object.assign(step, toStepRecord(event.step));
    // Kept while the step may still be mined: a restart can send the same bytes again.
    if (step.status === "pending" && step.signedTransaction === undefined && bytes !== undefined)
      step.signedTransaction = bytes;
    await context.executions.changed(record);
    if (event.step.hash !== null && neverSent(event.step)) {
      await ledger?.release(keyOf(event.index)).catch(() => undefined);
    } else if (event.step.hash !== null && flow.fee !== undefined && event.step.feePaid) {
      // The fee the receipt says was paid replaces the fee.max counted when the step was signed.
      await ledger?.settleFee(event.step.hash, BigInt(event.step.feePaid.amount)).catch(() => undefined);
    }
    const line = `step ${event.index + 1}/${total} ${event.step.status}${event.step.error ? `: ${event.step.error}` : ""}`;
    context.log(`${tool}: ${line}`);
    await call.progress(event.index + 1, total, line);
  }
}
