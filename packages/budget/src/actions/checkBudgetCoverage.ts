import { formatAmount, parsePreparedFlow, type SerializedPreparedFlow } from "@preflow/core";
import { refuseBudget, transfersOfFlow } from "../internal/transfersOfFlow.js";
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
  const budget = state.budget;
  const flow: SerializedPreparedFlow = parsePreparedFlow(parameters.flow);
  if (state.revoked) refuseBudget("BUDGET_REVOKED", budget, "The owner revoked this budget on chain.");
  if (state.expired)
    refuseBudget(
      "BUDGET_EXPIRED",
      budget,
      `This budget expired at unix ${budget.validUntil} (chain time ${state.chainTime}).`,
    );
  if (!state.ownerReady)
    refuseBudget(
      "BUDGET_OWNER_NOT_READY",
      budget,
      `The owner's EOA ${budget.owner} no longer delegates to the framework's EIP7702StatelessDeleGator.`,
    );
  const transfers = transfersOfFlow(budget, flow);
  for (const token of state.tokens) {
    const total = transfers
      .filter((t) => t.tokenAddress === token.address)
      .reduce((sum, t) => sum + BigInt(t.baseUnits), 0n);
    if (total > BigInt(token.remainingBaseUnits))
      refuseBudget(
        "BUDGET_EXCEEDED",
        budget,
        `The flow moves ${formatAmount(total, token.decimals)} ${token.token}; ${token.remaining} of ${token.limit} is left until unix ${token.periodEnd}.`,
        {
          token: token.token,
          requested: formatAmount(total, token.decimals),
          remaining: token.remaining,
          periodEnd: token.periodEnd,
        },
      );
  }
  return transfers;
}
