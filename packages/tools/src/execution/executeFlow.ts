// What execute_prepared_flow and send_token do: identify the flow, refuse a second send of it, check the
// spending policy before signing, queue behind the signer's other executions (in this process and, through the
// store's signer lock, in every server of the signer), run it step by step (stopping on cancellation), and answer
// by the deadline: the outcome, or `pending` with what is known so far. Every change of the record is written to
// the store (rememberedExecution.ts), each step's signed bytes before they are broadcast, so a restart neither
// forgets nor repeats it. Holding the lock, the day's caps are checked and the flow's spends reserved in one
// transaction. An earlier execution whose sent steps all succeeded and whose next steps were never sent is
// continued (core's `resume`): its landed steps are never sent again, with `force` neither. An attempt carries the
// record it replaces (`supersedes`) and is written to the store only once it holds the signer's lock; one refused or
// stopped before it sent anything puts that record back: a landed execution is never forgotten
// (standingExecution.ts states the invariant).
import { randomUUID } from "node:crypto";
import { FlowAccountMismatchError, type SerializedPreparedFlow } from "@preflow/core";
import { afterApproval, confirmApproval, requireApproval } from "../approval/requireApproval.js";
import { isApprovalRefusal } from "../errors/approval.js";
import { ToolTimeoutError } from "../errors/execution.js";
import { PolicyViolationError } from "../errors/policy.js";
import { StoreUnavailableError } from "../errors/store.js";
import { checkPolicy, type PolicyCheck } from "../policy/checkPolicy.js";
import { decodeFlow } from "../policy/decodeFlow.js";
import { flowFees } from "../policy/flowFees.js";
import type { ToolReply } from "../server/toolResult.js";
import { requireSigner, type ToolCall, type ToolContext, type ToolRuntime } from "../tools/context.js";
import { checkFeeCurrency } from "./checkFeeCurrency.js";
import { executionHeadline as outcome } from "./executionHeadline.js";
import {
  continueFrom,
  type ExecutionRecord,
  resendable,
  type StepRecord,
  sentAny,
  snapshot,
} from "./executionRegistry.js";
import { flowIdentity } from "./flowIdentity.js";
import { flowSpendKey } from "./flowSpendKey.js";
import { recoverExecutions } from "./recoverExecutions.js";
import { findExecution } from "./rememberedExecution.js";
import { forceFrom, toResumedStep } from "./resumeFromRecord.js";
import { runPreparedFlow } from "./runPreparedFlow.js";
import { landedAny } from "./standingExecution.js";
import { isSent, neverSent } from "./stepSent.js";
import { storeRefusal } from "./storeRefusal.js";
import { toStepRecord } from "./toStepRecord.js";

/** Parameters of {@link executeFlow}. @internal */
export interface ExecuteFlowParameters {
  tool: string;
  context: ToolContext;
  runtime: ToolRuntime;
  call: ToolCall;
  /** The flow in the SDK's shape (camelCase), not yet validated. */
  flow: unknown;
  dryRun: boolean;
  force: boolean;
  /**
   * The currency the caller wants gas paid in (`fee_currency`, else `FEE_CURRENCY`): the flow must pay in it
   * (checked before anything is signed). Absent: the flow is executed paying as it says (send_token prepared it).
   */
  feeCurrency?: string;
}

const now = () => new Date().toISOString();

function until(deadline: number): { promise: Promise<"deadline">; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), Math.max(0, deadline - Date.now()));
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * Checks the steps from `fromStep` on (a continuation's landed steps were checked, and counted, before), with the
 * most their gas can cost when it is paid in a token (CIP-64: `fee.max` per step).
 */
async function check(
  runtime: ToolRuntime,
  flow: SerializedPreparedFlow,
  fromStep = 0,
): Promise<PolicyCheck | undefined> {
  if (!runtime.policy) return undefined;
  const celo = runtime.core.TOKENS.CELO.address.toLowerCase();
  const effects = decodeFlow(flow.steps, flow.from).filter((effect) => effect.step >= fromStep);
  const fees = flowFees(runtime.core, flow, fromStep);
  const capped = [...runtime.policy.caps.values()].filter((cap) => cap.perDay !== undefined);
  // The ledger (the store) is read only when a per-day cap needs it: a dry run under a policy without one works
  // while the store cannot be read; with one, it refuses with the store's typed error (the cap cannot be decided).
  const spent =
    capped.length === 0
      ? new Map()
      : ((await runtime.policy.ledger?.spent(capped.map((cap) => cap.address))) ?? new Map());
  const result = checkPolicy(runtime.policy, effects, celo, flow.from, fees, spent);
  if (result.violations.length > 0) throw new PolicyViolationError({ violations: result.violations });
  return result;
}

/**
 * Holding the signer's lock: checks the policy and reserves the spends of the steps from `fromStep` on, keyed by
 * this attempt, in one transaction of the store (caps hold across servers). Throws PolicyViolationError.
 */
async function reserve(
  runtime: ToolRuntime,
  flow: SerializedPreparedFlow,
  flowId: string,
  attempt: string,
  fromStep: number,
): Promise<PolicyCheck | undefined> {
  const ledger = runtime.policy?.ledger;
  for (let round = 0; ; round++) {
    const result = await check(runtime, flow, fromStep);
    if (!result || !ledger || !runtime.policy) return result;
    const caps = [...runtime.policy.caps.values()]
      .filter((cap) => cap.perDay !== undefined)
      .map((cap) => ({ token: cap.address, limit: cap.perDay as bigint, symbol: cap.symbol }));
    const items = [...result.spends].map(([step, amounts]) => ({
      key: flowSpendKey(flowId, step, attempt),
      source: { kind: "flow" as const, flowId, step },
      amounts,
    }));
    const reserved = await ledger.reserve(items, caps);
    if (reserved.ok) return result;
    // Another payment of the signer (an x402 payment) was counted between the check and the reservation: the
    // check, read again, names the cap; in the unlikely case it still passes, the reservation's figures do.
    if (round > 0) {
      throw new PolicyViolationError({
        violations: reserved.exceeded.map((cap) => ({
          rule: `caps.${cap.symbol ?? cap.token}.perDay`,
          step: null,
          message: `${cap.symbol ?? cap.token} per 24 h: limit ${runtime.policy?.format(cap.limit, cap.token)}, spent ${runtime.policy?.format(cap.spent, cap.token)}, this flow ${runtime.policy?.format(cap.adding, cap.token)}`,
        })),
      });
    }
  }
}

/** Executes or dry-runs a flow for a tool; see the file comment. @internal */
export async function executeFlow(parameters: ExecuteFlowParameters): Promise<ToolReply> {
  const { tool, context, runtime, call, dryRun, force } = parameters;
  const flow = runtime.core.parsePreparedFlow(parameters.flow);
  const flowId = flowIdentity(flow);
  if (parameters.feeCurrency !== undefined)
    checkFeeCurrency(runtime.core, flow, parameters.feeCurrency, tool);

  if (dryRun) {
    // The same path as simulate_flow: core's simulatePreparedFlow, all steps on one state, no signer needed.
    await check(runtime, flow);
    const timer = until(call.deadline);
    const result = await Promise.race([
      runtime.core.simulatePreparedFlow(runtime.sdk, { flow, signal: call.signal }),
      timer.promise,
    ]);
    timer.clear();
    if (result === "deadline") throw new ToolTimeoutError({ tool, boundMs: context.toolTimeoutMs });
    const steps = result.steps.map((step) => ({
      index: step.index,
      description: step.description,
      to: step.to,
      hash: null,
      status: step.status === "not-run" ? "skipped" : step.status === "refused" ? "failed" : step.status,
      ...(step.gasUsed === null ? {} : { gasUsed: step.gasUsed }),
      ...(step.revertReason ? { error: `the simulation reverted: ${step.revertReason.message}` } : {}),
      ...(step.refusal ? { error: `the node would refuse it: ${step.refusal.message}` } : {}),
    }));
    const data = {
      flowId,
      status: result.success ? "success" : "failed",
      dryRun: true,
      replayed: false,
      chainId: result.chainId,
      from: flow.from,
      summary: flow.summary,
      completedSteps: result.failedStep ?? steps.length,
      failedStep: result.failedStep,
      steps,
      simulation: "sequential",
      startedAt: now(),
      finishedAt: now(),
    };
    return { data, ...outcome(data) };
  }

  const account = requireSigner(runtime, tool);
  if (flow.from.toLowerCase() !== account.address.toLowerCase()) {
    throw new FlowAccountMismatchError({ from: flow.from, account: account.address, accountKind: "signer" });
  }
  // The store first: one that cannot be used refuses here, typed, before anything is signed.
  const store = await context.store();

  // Remembered across restarts and servers (loaded on first use, read again from the store); an ended execution
  // with a pending step is first settled from the chain (mined since: success or reverted now). Then the record is
  // read again: from this read to `set` below nothing awaits, so of two identical calls of this process exactly
  // one creates the record and the other finds it (another server's call is found holding the signer's lock).
  await findExecution({ context, runtime, flowId, deadline: call.deadline, resolve: true });
  const earlier = context.executions.get(flowId);
  // Continued where the earlier execution stopped, when its sent steps all succeeded and the rest never left;
  // with `force`, from its first step not on chain (a step that landed is never sent again).
  const resumeAt = earlier === undefined ? undefined : force ? forceFrom(earlier) : continueFrom(earlier);
  const continuing =
    earlier !== undefined && resumeAt !== undefined && (resumeAt > 0 || resendable(earlier.steps[resumeAt]));
  if (earlier && !force && !continuing && (earlier.state !== "done" || sentAny(earlier))) {
    return answer(earlier, call, true, context);
  }
  if (earlier && force && earlier.state !== "done") return answer(earlier, call, true, context);

  const fromStep = continuing ? (resumeAt as number) : 0;
  /** A step signed before whose bytes are sent again: carried over, not checked nor counted again. */
  const resent = continuing && resendable(earlier.steps[fromStep]);
  const firstNew = fromStep + (resent ? 1 : 0);
  const attempt = randomUUID();
  const record: ExecutionRecord = {
    flowId,
    chainId: 42220,
    from: flow.from,
    summary: flow.summary,
    state: "queued",
    outcome: undefined,
    steps: flow.steps.map((step, index) =>
      continuing && index < firstNew
        ? { ...(earlier.steps[index] as StepRecord) }
        : { index, description: step.description, to: step.to, hash: null, status: "queued" },
    ),
    startedAt: continuing ? earlier.startedAt : now(),
    finishedAt: null,
    done: Promise.resolve(),
    attempt,
    local: true,
    ...(earlier === undefined ? {} : { supersedes: earlier }),
  };
  // The landed steps, as core's resume takes them: looked up by hash, never sent again.
  const resume = continuing ? { steps: record.steps.map(toResumedStep) } : undefined;
  context.executions.set(record);
  let checked: PolicyCheck | undefined;
  try {
    checked = await check(runtime, flow, firstNew);
  } catch (error) {
    if (earlier) context.executions.restore(earlier);
    else context.executions.forget(record, false);
    throw error;
  }
  const ledger = runtime.policy?.ledger;
  const keyOf = (index: number) => flowSpendKey(flowId, index, attempt);
  /** Whether this attempt's record was written (it holds the signer's lock then: nobody else wrote since). */
  let written = false;
  /**
   * A refusal before anything new was sent: the refused attempt is not written (it stands for nothing); the
   * earlier record stays, or is put back, what the server and the store remember.
   */
  const refused = (error: unknown) => {
    record.refusal = error;
    end("failed");
    if (earlier) context.executions.restore(earlier, written ? record : undefined);
    else context.executions.forget(record, written);
  };
  const total = flow.steps.length;
  const saved = () => context.executions.changed(record);
  const end = (outcomeValue: ExecutionRecord["outcome"]) => {
    record.state = "done";
    record.outcome = outcomeValue;
    record.finishedAt = now();
    record.local = false;
    for (const step of record.steps) if (step.status === "queued") step.status = "skipped";
    // On chain: the record it replaced can no longer stand again.
    if (landedAny(record)) delete record.supersedes;
  };
  /**
   * Ends the attempt. Its record is written only when it was written before (it held the signer's lock): an
   * attempt stopped earlier sent nothing, and writing it could hide another server's newer record; the earlier
   * record then stays what this server remembers.
   */
  const finish = (outcomeValue: ExecutionRecord["outcome"]) => {
    end(outcomeValue);
    if (written) void saved();
    else if (earlier) context.executions.restore(earlier);
  };
  let signedAny = false;
  /** The store's refusal of a step's write-ahead record (the step was not broadcast). */
  let vetoed: StoreUnavailableError | undefined;

  /** What ends the execution when something failed: a refusal before anything was signed, else `failed`. */
  const failed = async (error: unknown) => {
    if (
      !signedAny &&
      (error instanceof PolicyViolationError ||
        error instanceof StoreUnavailableError ||
        isApprovalRefusal(error))
    ) {
      await releaseFrom(firstNew);
      refused(error);
      return;
    }
    context.log(`${tool}: flow ${flowId} stopped: ${(error as Error)?.message ?? String(error)}`);
    for (const step of record.steps) {
      if (step.status === "pending")
        step.error = "sent; its outcome is not known (check it with get_transaction)";
    }
    finish("failed");
  };

  const execute = async () => {
    if (call.signal.aborted) {
      finish("cancelled");
      context.log(`${tool}: flow ${flowId} cancelled before its first step; nothing sent`);
      return;
    }
    // Holding the lock no other server executes for the signer: what a stopped one left is recovered first
    // (its signed steps settled or sent again from their stored bytes), so nonces follow on.
    await recoverExecutions(context, runtime);
    // Another server executed this flow since it was read: its execution is the answer, nothing is sent.
    const stored = await context.executions.readStored(flowId);
    if (stored && stored.attempt !== earlier?.attempt && (stored.state !== "done" || sentAny(stored))) {
      record.adopted = stored;
      end("cancelled");
      context.executions.restore(stored);
      return;
    }
    record.state = "running";
    // Checked again and reserved in one transaction: executions ahead of this one may have spent since.
    const policy = await reserve(runtime, flow, flowId, attempt, firstNew);
    await confirmApproval({ context, grant: await approval, flow });
    written = true;
    if (!(await saved())) {
      throw new StoreUnavailableError({
        location: store.location,
        reason: "the execution could not be written",
        remedy: "Check the store (see the server's log) and try again.",
      });
    }
    if (continuing) {
      context.log(
        `${tool}: flow ${flowId} continued from step ${fromStep + 1}/${total}; steps before it are looked up, not sent again${resent ? `; step ${fromStep + 1}'s signed bytes are sent again (same hash)` : ""}`,
      );
    }
    let result: Awaited<ReturnType<typeof runPreparedFlow>>;
    try {
      result = await runPreparedFlow(runtime.client, {
        account,
        flow,
        signal: call.signal,
        receiptTimeoutMs: context.receiptTimeoutMs,
        ...(resume === undefined ? {} : { resume }),
        // Write-ahead: the signed bytes are durable in the store before the send, so that after a crash they are
        // sent again (same hash) or the step is looked up, never signed a second time. A failed write vetoes the
        // send: the step is not broadcast and the call refuses with the store's error.
        beforeBroadcast: async (event) => {
          const step = record.steps[event.index] as StepRecord;
          Object.assign(step, { hash: event.hash, status: "pending", sent: "unknown", nonce: event.nonce });
          step.signedTransaction = event.signedTransaction;
          try {
            await context.executions.durable(record);
          } catch (error) {
            vetoed = storeRefusal({
              error,
              location: store.location,
              tool,
              index: event.index,
              total,
              hash: event.hash,
            });
            context.log(`${tool}: step ${event.index + 1}/${total} not broadcast: ${vetoed.message}`);
            throw vetoed;
          }
        },
        onStep: async (event) => {
          const step = record.steps[event.index] as StepRecord;
          if (event.phase === "signed") {
            // Written to the store (beforeBroadcast): from here on the step may be on chain.
            signedAny = true;
            if (policy?.spends.has(event.index)) await ledger?.bind(keyOf(event.index), event.hash);
            context.log(`${tool}: step ${event.index + 1}/${total} signed: ${event.hash}`);
          } else if (event.phase === "sent") {
            step.sent = true;
            void saved();
            const line = `step ${event.index + 1}/${total} sent: ${event.hash}`;
            context.log(`${tool}: ${line}`);
            await call.progress(event.index + 0.5, total, line);
          } else {
            const bytes = step.signedTransaction;
            Object.assign(step, toStepRecord(event.step));
            // Kept while the step may still be mined: a restart can send the same bytes again.
            if (step.status === "pending" && step.signedTransaction === undefined && bytes !== undefined)
              step.signedTransaction = bytes;
            await saved();
            if (event.step.hash !== null && neverSent(event.step)) {
              await ledger?.release(keyOf(event.index)).catch(() => undefined);
            } else if (event.step.hash !== null && flow.fee !== undefined && event.step.feePaid) {
              // The fee the receipt says was paid replaces the fee.max counted when the step was signed.
              await ledger
                ?.settleFee(event.step.hash, BigInt(event.step.feePaid.amount))
                .catch(() => undefined);
            }
            const line = `step ${event.index + 1}/${total} ${event.step.status}${event.step.error ? `: ${event.step.error}` : ""}`;
            context.log(`${tool}: ${line}`);
            await call.progress(event.index + 1, total, line);
          }
        },
      });
    } catch (error) {
      // core throws only before it signs anything: nothing of this execution left.
      if (record.steps.slice(firstNew).some((step) => step.hash !== null)) throw error;
      await releaseFrom(firstNew);
      refused(error);
      return;
    }
    // The store refused (or did not answer in time for) the write-ahead record of this attempt's first step: it was
    // not broadcast and nothing of this attempt left, so the call refuses, typed.
    const held = result.steps[firstNew];
    if (!vetoed && held?.code === "BROADCAST_HOOK_TIMEOUT" && held.hash !== null) {
      const late = new StoreUnavailableError({
        location: store.location,
        reason: "it did not answer in time",
        remedy: "",
      });
      vetoed = storeRefusal({
        error: late,
        location: store.location,
        tool,
        index: firstNew,
        total,
        hash: held.hash,
      });
      context.log(`${tool}: step ${firstNew + 1}/${total} not broadcast: ${vetoed.message}`);
    }
    if (vetoed && result.failedStep === firstNew && !resent && !signedAny) {
      await releaseFrom(firstNew);
      await ledger?.release(keyOf(firstNew)).catch(() => undefined);
      refused(vetoed);
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
    finish(result.cancelled ? "cancelled" : result.status === "aborted" ? "cancelled" : result.status);
    if (result.cancelled) {
      const sent = record.steps.filter(isSent).map((step) => step.index);
      context.log(
        `${tool}: flow ${flowId} cancelled; steps sent: ${sent.length === 0 ? "none" : sent.join(", ")}`,
      );
    }
  };
  // Above the policy's approval threshold a person approves this exact flow first (src/approval).
  const approval = requireApproval({ context, runtime, call, flow, flowId, check: checked });
  record.done = afterApproval(approval, store)
    .withSignerLock(
      account.address,
      async () => {
        try {
          await execute();
        } catch (error) {
          await failed(error);
        }
        // The record's last write lands before the lock is released: the next holder never sees it running.
        await context.executions.written(record);
      },
      { signal: call.signal, timeoutMs: Math.max(1_000, call.deadline - Date.now() - 1_000) },
    )
    .catch(failed);

  async function releaseFrom(index: number): Promise<void> {
    for (const step of record.steps.slice(index)) {
      if (step.hash === null) await ledger?.release(keyOf(step.index)).catch(() => undefined);
    }
  }

  return answer(record, call, false, context, continuing ? fromStep : undefined);
}

async function answer(
  record: ExecutionRecord,
  call: ToolCall,
  replayed: boolean,
  context: ToolContext,
  continuedFrom?: number,
): Promise<ToolReply> {
  const timer = until(call.deadline);
  await Promise.race([record.done, timer.promise]);
  timer.clear();
  if (record.refusal !== undefined) throw record.refusal;
  // Another server executed the flow meanwhile: its execution is the answer.
  if (record.adopted) return answer(record.adopted, call, true, context);
  const data = snapshot(record, replayed);
  if (data.status === "pending") {
    for (const step of data.steps) {
      if (step.status === "pending" && step.hash === null)
        step.error = "being sent; its outcome is not known yet";
    }
    context.log(`flow ${record.flowId} still running at the answer bound; answered pending`);
  }
  return { data, ...outcome(data, continuedFrom, resendable(record.steps[continueFrom(record) ?? -1])) };
}
