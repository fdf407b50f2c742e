// What execute_prepared_flow and send_token do: identify the flow, refuse a second send of it, check the
// spending policy before signing, queue behind the signer's other executions, run it step by step (stopping
// on cancellation), and answer by the deadline: the outcome, or `pending` with what is known so far. Every
// change of the record is saved to the state directory (rememberedExecution.ts), the step's hash before its
// send, so a restart neither forgets nor repeats it. An earlier execution whose sent steps all succeeded and
// whose next steps were never sent is continued (core's `resume`): its landed steps are never sent again.
import { FlowAccountMismatchError, type SerializedPreparedFlow } from "@preflow/core";
import { ToolTimeoutError } from "../errors/execution.js";
import { PolicyViolationError } from "../errors/policy.js";
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
import { findExecution } from "./rememberedExecution.js";
import { runPreparedFlow } from "./runPreparedFlow.js";
import { isSent } from "./stepSent.js";

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
function check(runtime: ToolRuntime, flow: SerializedPreparedFlow, fromStep = 0): PolicyCheck | undefined {
  if (!runtime.policy) return undefined;
  const celo = runtime.core.TOKENS.CELO.address.toLowerCase();
  const effects = decodeFlow(flow.steps, flow.from).filter((effect) => effect.step >= fromStep);
  const fees = flowFees(runtime.core, flow, fromStep);
  const result = checkPolicy(runtime.policy, effects, celo, flow.from, fees);
  if (result.violations.length > 0) throw new PolicyViolationError({ violations: result.violations });
  return result;
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
    check(runtime, flow);
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

  // Remembered across restarts (loaded on first use); an ended execution with a pending step is first settled
  // from the chain (mined since: success or reverted now). Then the record is read again: from this read to `set`
  // below nothing awaits, so of two identical calls exactly one creates the record and the other finds it.
  await findExecution({ context, runtime, flowId, deadline: call.deadline, resolve: !force });
  const earlier = context.executions.get(flowId);
  // Continued where the earlier execution stopped, when its sent steps all succeeded and the rest never left.
  const resumeAt = earlier && !force ? continueFrom(earlier) : undefined;
  const continuing =
    earlier !== undefined && resumeAt !== undefined && (resumeAt > 0 || resendable(earlier.steps[resumeAt]));
  if (earlier && !force && !continuing && (earlier.state !== "done" || sentAny(earlier))) {
    return answer(earlier, call, true, context);
  }

  const fromStep = continuing ? (resumeAt as number) : 0;
  /** A step signed before whose bytes are sent again: carried over, not checked nor counted again. */
  const resent = continuing && resendable(earlier.steps[fromStep]);
  const firstNew = fromStep + (resent ? 1 : 0);
  check(runtime, flow, firstNew);
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
  };
  // The landed steps, as core's resume takes them: looked up by hash, never sent again.
  const resume = continuing ? { steps: record.steps.map(toResumedStep) } : undefined;
  context.executions.set(record);
  /** A refusal before anything new was sent: the earlier record stays what the server remembers. */
  const refused = (error: unknown) => {
    record.refusal = error;
    finish("failed");
    if (continuing) context.executions.set(earlier);
    else context.executions.delete(record);
  };
  const total = flow.steps.length;
  const saved = () => context.executions.changed(record);
  const finish = (outcomeValue: ExecutionRecord["outcome"]) => {
    record.state = "done";
    record.outcome = outcomeValue;
    record.finishedAt = now();
    for (const step of record.steps) if (step.status === "queued") step.status = "skipped";
    saved();
  };

  record.done = context.executions.queue
    .run(account.address, async () => {
      if (call.signal.aborted) {
        finish("cancelled");
        context.log(`${tool}: flow ${flowId} cancelled before its first step; nothing sent`);
        return;
      }
      record.state = "running";
      saved();
      // Re-checked in the queue: executions ahead of this one may have spent since the first check.
      const policy = check(runtime, flow, firstNew);
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
          onStep: async (event) => {
            const step = record.steps[event.index] as StepRecord;
            if (event.phase === "signed") {
              // The hash is known before the send: from here on the step may be on chain.
              step.hash = event.hash;
              step.status = "pending";
              step.sent = "unknown";
              step.nonce = event.nonce;
              // Written before the send: after a restart this step is looked up, never sent again.
              saved();
              const spends = policy?.spends.get(event.index);
              if (spends) runtime.policy?.ledger?.record(spends, event.hash);
              context.log(`${tool}: step ${event.index + 1}/${total} signed: ${event.hash}`);
            } else if (event.phase === "sent") {
              step.sent = true;
              saved();
              const line = `step ${event.index + 1}/${total} sent: ${event.hash}`;
              context.log(`${tool}: ${line}`);
              await call.progress(event.index + 0.5, total, line);
            } else {
              Object.assign(step, toStepRecord(event.step));
              saved();
              // The fee the receipt says was paid replaces the fee.max counted when the step was signed.
              if (event.step.hash !== null && flow.fee !== undefined) {
                const paid = event.step.feePaid
                  ? BigInt(event.step.feePaid.amount)
                  : event.step.sent === false
                    ? 0n
                    : undefined;
                if (paid !== undefined) runtime.policy?.ledger?.settleFee(event.step.hash, paid);
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
        refused(error);
        return;
      }
      result.steps.forEach((step, index) => {
        Object.assign(record.steps[index] as StepRecord, toStepRecord(step));
      });
      finish(result.cancelled ? "cancelled" : result.status === "aborted" ? "cancelled" : result.status);
      if (result.cancelled) {
        const sent = record.steps.filter(isSent).map((step) => step.index);
        context.log(
          `${tool}: flow ${flowId} cancelled; steps sent: ${sent.length === 0 ? "none" : sent.join(", ")}`,
        );
      }
    })
    .catch((error: unknown) => {
      if (error instanceof PolicyViolationError) {
        refused(error);
        return;
      }
      context.log(`${tool}: flow ${flowId} stopped: ${(error as Error)?.message ?? String(error)}`);
      for (const step of record.steps) {
        if (step.status === "pending")
          step.error = "sent; its outcome is not known (check it with get_transaction)";
      }
      finish("failed");
    });

  return answer(record, call, false, context, continuing ? fromStep : undefined);
}

/** A step of the record as core's `resume` reads it (`queued` is a step not attempted). */
function toResumedStep(step: StepRecord) {
  return {
    index: step.index,
    description: step.description,
    to: step.to as `0x${string}`,
    hash: step.hash as `0x${string}` | null,
    sent: step.sent ?? (step.hash === null ? false : "unknown"),
    status: step.status === "queued" ? "skipped" : step.status,
    ...(step.nonce === undefined ? {} : { nonce: step.nonce }),
    ...(step.signedTransaction === undefined
      ? {}
      : { signedTransaction: step.signedTransaction as `0x${string}` }),
  } as const;
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

function toStepRecord(step: {
  status: string;
  hash: string | null;
  sent?: boolean | "unknown" | undefined;
  code?: string | undefined;
  nonce?: number | undefined;
  blockNumber?: string | undefined;
  gasUsed?: string | undefined;
  feePaid?: { feeCurrency: string; amount: string } | undefined;
  error?: string | undefined;
  signedTransaction?: string | undefined;
}): Partial<StepRecord> {
  return {
    status: step.status as StepRecord["status"],
    hash: step.hash,
    ...(step.sent === undefined ? {} : { sent: step.sent }),
    ...(step.code === undefined ? {} : { code: step.code }),
    ...(step.nonce === undefined ? {} : { nonce: step.nonce }),
    ...(step.blockNumber === undefined ? {} : { blockNumber: step.blockNumber }),
    ...(step.gasUsed === undefined ? {} : { gasUsed: step.gasUsed }),
    ...(step.feePaid === undefined
      ? {}
      : { feePaid: { feeCurrency: step.feePaid.feeCurrency, amount: step.feePaid.amount } }),
    ...(step.error === undefined ? {} : { error: step.error }),
    // Always assigned: bytes the node has acknowledged since are dropped.
    signedTransaction: step.signedTransaction,
  };
}
