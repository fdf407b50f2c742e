import { parsePreparedFlow, type SerializedPreparedFlow } from "@preflow/core";
import { checkStateCovers } from "../internal/checkStateCovers.js";
import { transfersOfFlow } from "../internal/transfersOfFlow.js";
import type { BudgetTransfer } from "../types.js";
import type { GetAgentBudgetReturnType } from "./getAgentBudget.js";

/**
 * Parameters of {@link checkBudgetCoverage}.
 *
 * @example
 * ```ts
 * import type { CheckBudgetCoverageParameters } from "@preflow/budget";
 * const parameters: CheckBudgetCoverageParameters = { state: await getAgentBudget(client, { budget }), flow };
 * ```
 */
export interface CheckBudgetCoverageParameters {
  /** The budget's state ({@link getAgentBudget}), the budget inside it. */
  state: GetAgentBudgetReturnType;
  /** The prepared flow (object or untrusted JSON), `from` the owner. */
  flow: unknown;
}

/**
 * Checks, before anything is signed, that a budget covers a prepared flow: every step a plain transfer (ERC-20
 * `transfer`, or a native CELO payment, which runs as CELO's ERC-20 transfer) of a budgeted token from the owner,
 * to an allowed recipient, within what is left this period (summed per token), the budget neither revoked nor
 * expired. Returns the transfers. Pure: the state comes from {@link getAgentBudget}. A refusal's message and
 * `details.allows` say what the grant allows.
 *
 * @throws `BudgetError` `BUDGET_FLOW_NOT_COVERED`, `BUDGET_RECIPIENT_NOT_ALLOWED`, `BUDGET_EXCEEDED`,
 * `BUDGET_REVOKED`, `BUDGET_EXPIRED`, `BUDGET_OWNER_NOT_READY`; `InvalidPreparedFlowError` for a malformed flow.
 *
 * @example
 * ```ts
 * import { checkBudgetCoverage, getAgentBudget } from "@preflow/budget";
 * const transfers = checkBudgetCoverage({ state: await getAgentBudget(client, { budget }), flow });
 * ```
 */
export function checkBudgetCoverage(parameters: CheckBudgetCoverageParameters): BudgetTransfer[] {
  const { state } = parameters;
  const flow: SerializedPreparedFlow = parsePreparedFlow(parameters.flow);
  return checkStateCovers(state, () => transfersOfFlow(state.budget, flow));
}
