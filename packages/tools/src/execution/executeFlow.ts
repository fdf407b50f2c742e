// What execute_prepared_flow and send_token do: identify the flow, refuse a second send of it, check the
// spending policy before signing, queue behind the signer's other executions, run it step by step (stopping
// on cancellation), and answer by the deadline: the outcome, or `pending` with what is known so far. Every
// change of the record is saved to the state directory (rememberedExecution.ts), the step's hash before its
// send, so a restart neither forgets nor repeats it.
import { FlowAccountMismatchError, type SerializedPreparedFlow } from "@preflow/core";
import { ToolTimeoutError } from "../errors/execution.js";
import { PolicyViolationError } from "../errors/policy.js";
import { checkPolicy, type PolicyCheck } from "../policy/checkPolicy.js";
import { decodeFlow } from "../policy/decodeFlow.js";
import type { ToolReply } from "../server/toolResult.js";
import { requireSigner, type ToolCall, type ToolContext, type ToolRuntime } from "../tools/context.js";
import { type ExecutionRecord, type StepRecord, sentAny, snapshot } from "./executionRegistry.js";
import { flowIdentity } from "./flowIdentity.js";
import { findExecution } from "./rememberedExecution.js";
import { runPreparedFlow } from "./runPreparedFlow.js";

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
}

const now = () => new Date().toISOString();

function until(deadline: number): { promise: Promise<"deadline">; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), Math.max(0, deadline - Date.now()));
  });
  return { promise, clear: () => clearTimeout(timer) };
}

function check(runtime: ToolRuntime, flow: SerializedPreparedFlow): PolicyCheck | undefined {
  if (!runtime.policy) return undefined;
  const celo = runtime.core.TOKENS.CELO.address.toLowerCase();
  const result = checkPolicy(runtime.policy, decodeFlow(flow.steps, flow.from), celo, flow.from);
  if (result.violations.length > 0) throw new PolicyViolationError({ violations: result.violations });
  return result;
}

/** Executes or dry-runs a flow for a tool; see the file comment. @internal */
export async function executeFlow(parameters: ExecuteFlowParameters): Promise<ToolReply> {
  const { tool, context, runtime, call, dryRun, force } = parameters;
  const flow = runtime.core.parsePreparedFlow(parameters.flow);
  const flowId = flowIdentity(flow);

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
      status: step.status === "not-run" ? "skipped" : step.status,
      ...(step.gasUsed === null ? {} : { gasUsed: step.gasUsed }),
      ...(step.revertReason ? { error: `the simulation reverted: ${step.revertReason.message}` } : {}),
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

  // Remembered across restarts (loaded on first use); an execution a restart interrupted is first looked up on
  // chain. Then the record is read again: from this read to `set` below nothing awaits, so of two identical
  // calls exactly one creates the record and the other finds it.
  await findExecution({ context, runtime, flowId, deadline: call.deadline, resolve: !force });
  const earlier = context.executions.get(flowId);
  if (earlier && !force && (earlier.state !== "done" || sentAny(earlier))) {
    return answer(earlier, call, true, context);
  }

  check(runtime, flow);
  const record: ExecutionRecord = {
    flowId,
    chainId: 42220,
    from: flow.from,
    summary: flow.summary,
    state: "queued",
    outcome: undefined,
    steps: flow.steps.map((step, index) => ({
      index,
      description: step.description,
      to: step.to,
      hash: null,
      status: "queued",
    })),
    startedAt: now(),
    finishedAt: null,
    done: Promise.resolve(),
  };
  context.executions.set(record);
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
      const policy = check(runtime, flow);
      let result: Awaited<ReturnType<typeof runPreparedFlow>>;
      try {
        result = await runPreparedFlow(runtime.client, {
          account,
          flow,
          signal: call.signal,
          receiptTimeoutMs: context.receiptTimeoutMs,
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
              const line = `step ${event.index + 1}/${total} ${event.step.status}${event.step.error ? `: ${event.step.error}` : ""}`;
              context.log(`${tool}: ${line}`);
              await call.progress(event.index + 1, total, line);
            }
          },
        });
      } catch (error) {
        if (sentAny(record)) throw error;
        record.refusal = error;
        finish("failed");
        context.executions.delete(record);
        return;
      }
      result.steps.forEach((step, index) => {
        Object.assign(record.steps[index] as StepRecord, toStepRecord(step));
      });
      finish(result.cancelled ? "cancelled" : result.status === "aborted" ? "cancelled" : result.status);
      if (result.cancelled) {
        const sent = record.steps.filter((step) => step.hash !== null).map((step) => step.index);
        context.log(
          `${tool}: flow ${flowId} cancelled; steps sent: ${sent.length === 0 ? "none" : sent.join(", ")}`,
        );
      }
    })
    .catch((error: unknown) => {
      if (error instanceof PolicyViolationError) {
        record.refusal = error;
        finish("failed");
        context.executions.delete(record);
        return;
      }
      context.log(`${tool}: flow ${flowId} stopped: ${(error as Error)?.message ?? String(error)}`);
      for (const step of record.steps) {
        if (step.status === "pending")
          step.error = "sent; its outcome is not known (check it with get_transaction)";
      }
      finish("failed");
    });

  return answer(record, call, false, context);
}

async function answer(
  record: ExecutionRecord,
  call: ToolCall,
  replayed: boolean,
  context: ToolContext,
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
  return { data, ...outcome(data) };
}

function toStepRecord(step: {
  status: string;
  hash: string | null;
  sent?: boolean | "unknown" | undefined;
  code?: string | undefined;
  nonce?: number | undefined;
  blockNumber?: string | undefined;
  gasUsed?: string | undefined;
  error?: string | undefined;
}): Partial<StepRecord> {
  return {
    status: step.status as StepRecord["status"],
    hash: step.hash,
    ...(step.sent === undefined ? {} : { sent: step.sent }),
    ...(step.code === undefined ? {} : { code: step.code }),
    ...(step.nonce === undefined ? {} : { nonce: step.nonce }),
    ...(step.blockNumber === undefined ? {} : { blockNumber: step.blockNumber }),
    ...(step.gasUsed === undefined ? {} : { gasUsed: step.gasUsed }),
    ...(step.error === undefined ? {} : { error: step.error }),
  };
}

function outcome(data: {
  status: string;
  dryRun: boolean;
  replayed: boolean;
  interrupted?: boolean;
  flowId: string;
  failedStep: number | null;
  completedSteps: number;
  steps: readonly { status: string; hash: string | null; error?: string | undefined }[];
}): { isError?: boolean; headline: string } {
  const total = data.steps.length;
  const verb = data.dryRun ? "simulated" : "executed";
  const again = data.replayed
    ? "Already executed (this is the earlier result; pass force: true to send again). "
    : "";
  const sent = data.steps.filter((step) => step.hash !== null).length;
  if (data.interrupted) {
    // Ended (or not) while no server was running it: what the chain says about its steps.
    const restart = `${again}Interrupted by a restart of the tool server; the steps' outcomes are read from the chain by hash. `;
    if (data.status === "success") return { headline: `${restart}All ${total} step(s) succeeded.` };
    if (data.status === "pending") {
      return {
        headline: `${restart}${data.completedSteps} of ${total} step(s) succeeded; step ${data.completedSteps} was sent (or being sent) and the chain has no receipt for it yet; later steps were not sent. Ask get_flow_status with flow_id ${data.flowId} later; do not execute it again.`,
      };
    }
  }
  if (data.status === "success") return { headline: `${again}All ${total} step(s) ${verb} successfully.` };
  if (data.status === "pending") {
    return {
      headline: `${again}Still running when the answer was due: ${data.completedSteps} of ${total} step(s) done, ${sent} sent. Ask get_flow_status with flow_id ${data.flowId} for the outcome; do not execute it again.`,
    };
  }
  if (data.status === "cancelled") {
    return {
      isError: true,
      headline: `${again}Cancelled: ${sent} step(s) were sent before it stopped; the rest were not sent.`,
    };
  }
  const failed = data.steps[data.failedStep ?? 0];
  const notSent = total - (data.failedStep ?? 0) - 1;
  const restart = data.interrupted ? "Interrupted by a restart of the tool server. " : "";
  return {
    isError: true,
    headline:
      `${again}${restart}${data.dryRun ? "Simulation" : "Execution"} stopped at step ${data.failedStep} (${failed?.status}${failed?.error ? `: ${failed.error}` : ""}). ` +
      `${data.completedSteps} step(s) before it succeeded; ${notSent} later step(s) ${data.dryRun ? "not simulated" : "not sent"}.`,
  };
}
