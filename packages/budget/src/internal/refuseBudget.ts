// The one way the budget's checks refuse: a typed BudgetError whose message and details say what the grant allows.
// @internal
import { describeAgentBudget } from "../actions/describeAgentBudget.js";
import { BudgetError } from "../errors/BudgetError.js";
import type { AgentBudget } from "../types.js";

/** Throws the `BudgetError` of a refusal, its message and `details.allows` saying what the grant allows. @internal */
export function refuseBudget(
  code: ConstructorParameters<typeof BudgetError>[0]["code"],
  budget: AgentBudget,
  message: string,
  details: Record<string, unknown> = {},
): never {
  const allows = describeAgentBudget(budget);
  throw new BudgetError({ code, message: `${message}\n${allows}`, details: { ...details, allows } });
}
