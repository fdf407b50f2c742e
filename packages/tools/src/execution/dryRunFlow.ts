// `dry_run: true` of an executing tool: the same path as simulate_flow (core's simulatePreparedFlow, all steps on one
// state, no signer needed), after the same policy check; nothing is signed. With an agent budget the budget is
// checked too and what is simulated is what would be sent: the agent's one redeemDelegations transaction (its
// outcome reported for each of the owner's steps), so an enforcer's refusal shows here.
import type { SerializedPreparedFlow } from "@preflow/core";
import { ToolTimeoutError } from "../errors/execution.js";
import type { ToolReply } from "../schemas/toolReply.js";
import { until } from "./answerExecution.js";
import { checkFlowBudget } from "./checkFlowBudget.js";
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
  const state = await checkFlowBudget(runtime, flow, call.signal);
  const simulated =
    runtime.budget === undefined || state === undefined
      ? flow
      : (
          await runtime.budget.actions.prepareBudgetRedemption(runtime.sdk, {
            budget: runtime.budget.budget,
            flow,
            state,
            feeCurrency: flow.steps[0]?.feeCurrency ?? "CELO",
            signal: call.signal,
          })
        ).flow;
  const timer = until(call.deadline);
  const result = await Promise.race([
    runtime.core.simulatePreparedFlow(runtime.sdk, { flow: simulated, signal: call.signal }),
    timer.promise,
  ]);
  timer.clear();
  if (result === "deadline") throw new ToolTimeoutError({ tool, boundMs: context.toolTimeoutMs });
  // With a budget the one redemption carries every owner's step: its outcome is each step's.
  const outcomes =
    simulated === flow ? result.steps : flow.steps.map((_step, index) => ({ ...result.steps[0]!, index }));
  const steps = outcomes.map((step) => ({
    index: step.index,
    description: flow.steps[step.index]?.description ?? step.description,
    to: flow.steps[step.index]?.to ?? step.to,
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
    completedSteps: result.failedStep === null ? steps.length : simulated === flow ? result.failedStep : 0,
    failedStep: result.failedStep === null ? null : simulated === flow ? result.failedStep : 0,
    steps,
    simulation: "sequential",
    startedAt: now(),
    finishedAt: now(),
  };
  return { data, ...outcome(data) };
}
