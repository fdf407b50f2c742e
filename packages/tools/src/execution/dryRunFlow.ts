// `dry_run: true` of an executing tool: the same path as simulate_flow (core's simulatePreparedFlow, all steps on one
// state, no signer needed), after the same policy check; nothing is signed. With an agent budget the budget is
// checked too (1 request) and what is simulated is what would be sent: the agent's one redeemDelegations transaction
// (prepared: 1 request; estimated at the node's time: 1 request, simulateBudgetRedemption.ts), its outcome reported
// for each of the owner's steps, so an enforcer's refusal shows here.
import type { SerializedPreparedFlow } from "@preflow/core";
import { ToolTimeoutError } from "../errors/execution.js";
import type { ToolReply } from "../schemas/toolReply.js";
import { until } from "./answerExecution.js";
import { checkFlowBudget } from "./checkFlowBudget.js";
import { checkFlowPolicy } from "./checkFlowPolicy.js";
import type { ExecutionCall, ExecutionContext, ExecutionRuntime } from "./executionContext.js";
import { executionHeadline as outcome } from "./executionHeadline.js";
import { now } from "./flowAttempt.js";
import { simulateBudgetRedemption } from "./simulateBudgetRedemption.js";

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
  const timer = until(call.deadline);
  const result = await Promise.race([simulate(runtime, flow, state, call.signal), timer.promise]);
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
    ...(step.error ? { error: step.error } : {}),
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
    simulation: result.simulation,
    startedAt: now(),
    finishedAt: now(),
  };
  return { data, ...outcome(data) };
}

type SimulatedStep = {
  index: number;
  description: string;
  to: string;
  status: string;
  gasUsed: string | null;
  revertReason?: { message: string } | undefined;
  refusal?: { message: string } | undefined;
  error?: string | undefined;
};

/** The flow's simulation: core's, or with a budget the agent's redemption's (one outcome for every step). */
async function simulate(
  runtime: ExecutionRuntime,
  flow: SerializedPreparedFlow,
  state: Awaited<ReturnType<typeof checkFlowBudget>>,
  signal: AbortSignal,
): Promise<{
  chainId: number;
  success: boolean;
  failedStep: number | null;
  steps: SimulatedStep[];
  simulation: "sequential" | "independent";
}> {
  const budget = runtime.budget;
  if (budget === undefined || state === undefined) {
    const result = await runtime.core.simulatePreparedFlow(runtime.sdk, { flow, signal });
    return { ...result, steps: result.steps as SimulatedStep[], simulation: "sequential" };
  }
  const { flow: redemption } = await budget.actions.prepareBudgetRedemption(runtime.sdk, {
    budget: budget.budget,
    flow,
    state,
    feeCurrency: flow.steps[0]?.feeCurrency ?? "CELO",
    signal,
  });
  const outcome = await simulateBudgetRedemption(runtime, budget, redemption);
  const success = outcome.status === "success";
  return {
    chainId: flow.chainId,
    success,
    failedStep: success ? null : 0,
    steps: flow.steps.map((step, index) => ({
      index,
      description: step.description,
      to: step.to,
      status: outcome.status,
      gasUsed: outcome.gasUsed,
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
    })),
    // one transaction, estimated on the current state at the node's time
    simulation: "independent",
  };
}
