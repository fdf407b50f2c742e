// `dry_run: true` of an executing tool: the same path as simulate_flow (core's simulatePreparedFlow, all steps on one
// state, no signer needed), after the same policy check; nothing is signed.
import type { SerializedPreparedFlow } from "@preflow/core";
import { ToolTimeoutError } from "../errors/execution.js";
import type { ToolReply } from "../schemas/toolReply.js";
import { until } from "./answerExecution.js";
import { checkFlowPolicy } from "./checkFlowPolicy.js";
import type { ExecutionCall, ExecutionContext, ExecutionRuntime } from "./executionContext.js";
import { executionHeadline as outcome } from "./executionHeadline.js";
import { now } from "./flowAttempt.js";

/** Parameters of {@link dryRunFlow}. @internal */
export interface DryRunFlowParameters {
  tool: string;
  context: ExecutionContext;
  runtime: ExecutionRuntime;
  call: ExecutionCall;
  flow: SerializedPreparedFlow;
  flowId: string;
}

/** Simulates the flow for a tool's dry run; see the file comment. @internal */
export async function dryRunFlow(parameters: DryRunFlowParameters): Promise<ToolReply> {
  const { tool, context, runtime, call, flow, flowId } = parameters;
  // The same path as simulate_flow: core's simulatePreparedFlow, all steps on one state, no signer needed.
  await checkFlowPolicy(runtime, flow);
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
