// The budget's refusals that need its state on chain, shared by checkBudgetCoverage and prepareBudgetRedemption
// (which works out the flow's transfers before its read, and so must not work them out again). @internal
import { formatAmount } from "@preflow/core";
import type { GetAgentBudgetReturnType } from "../actions/getAgentBudget.js";
import type { BudgetTransfer } from "../types.js";
import { refuseBudget } from "./refuseBudget.js";

/**
 * Refuses a revoked or expired budget, or one whose owner no longer delegates, then asks for the flow's transfers
 * (so that those refusals come first) and refuses them when a token's total exceeds what is left this period.
 * Returns the transfers. @internal
 */
export function checkStateCovers(
  state: GetAgentBudgetReturnType,
  transfersOf: () => BudgetTransfer[],
): BudgetTransfer[] {
  const budget = state.budget;
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
  const transfers = transfersOf();
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
