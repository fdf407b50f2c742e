// Stages 3 and 4 of an execution, before the signer's queue: the spending policy checked for the steps this attempt
// signs, with an agent budget what the chain says is left of it (checkFlowBudget.ts), then, above the policy's approval threshold, a person asked to approve this exact flow (src/approval).
import { requireApproval } from "../approval/requireApproval.js";
import { checkFlowBudget } from "./checkFlowBudget.js";
import { checkFlowPolicy } from "./checkFlowPolicy.js";
import { enterStage, type FlowAttempt } from "./flowAttempt.js";

/**
 * Checks the policy, then the budget; a violation puts back what this process remembered of the flow and throws
 * (PolicyViolationError, or a BudgetError, nothing signed). @internal
 */
export async function checkAttempt(attempt: FlowAttempt): Promise<void> {
  try {
    attempt.checked = await checkFlowPolicy(attempt.runtime, attempt.flow, attempt.firstNew);
    // The local policy is a pre-check on top; the budget's caveats are what the chain enforces.
    await checkFlowBudget(attempt.runtime, attempt.flow, attempt.call.signal);
  } catch (error) {
    if (attempt.earlier) attempt.context.executions.restore(attempt.earlier);
    else attempt.context.executions.forget(attempt.record, false);
    throw error;
  }
}

/** Starts asking for the approval the policy requires (it is awaited in the signer's queue). @internal */
export function askApproval(attempt: FlowAttempt): void {
  enterStage(attempt, "awaiting-approval");
  const { context, runtime, call, flow, flowId, checked } = attempt;
  attempt.approval = requireApproval({ context, runtime, call, flow, flowId, check: checked });
}
