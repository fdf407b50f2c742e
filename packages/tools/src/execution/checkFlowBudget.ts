// Stage 3 of an execution with an agent budget (PREFLOW_BUDGET), after the local policy, and the dry run's check: what
// the chain says is left of the budget (@preflow/budget's getAgentBudget: 1 request) must cover the owner's flow
// (checkBudgetCoverage), before anything is signed. A refusal is @preflow/budget's BudgetError (BUDGET_EXCEEDED,
// BUDGET_RECIPIENT_NOT_ALLOWED, BUDGET_EXPIRED, BUDGET_REVOKED, BUDGET_FLOW_NOT_COVERED, BUDGET_OWNER_NOT_READY),
// its message and `details.allows` saying what the grant allows.
import type { GetAgentBudgetReturnType } from "@preflow/budget";
import type { SerializedPreparedFlow } from "@preflow/core";
import type { ExecutionRuntime } from "./executionContext.js";

/** Checks the flow against the budget; resolves with the state read (undefined without a budget). @internal */
export async function checkFlowBudget(
  runtime: ExecutionRuntime,
  flow: SerializedPreparedFlow,
  signal?: AbortSignal,
): Promise<GetAgentBudgetReturnType | undefined> {
  const budget = runtime.budget;
  if (budget === undefined) return undefined;
  const state = await budget.actions.getAgentBudget(runtime.sdk, {
    budget: budget.budget,
    ...(signal === undefined ? {} : { signal }),
  });
  budget.actions.checkBudgetCoverage({ state, flow });
  return state;
}
