import type { SdkBaseClient } from "@preflow/core";
import { type ExecuteWithBudgetParameters, executeWithBudget } from "../actions/executeWithBudget.js";
import { type GetAgentBudgetParameters, getAgentBudget } from "../actions/getAgentBudget.js";
import { type GrantAgentBudgetParameters, grantAgentBudget } from "../actions/grantAgentBudget.js";
import {
  type PrepareBudgetRedemptionParameters,
  prepareBudgetRedemption,
} from "../actions/prepareBudgetRedemption.js";
import { type RevokeAgentBudgetParameters, revokeAgentBudget } from "../actions/revokeAgentBudget.js";

/**
 * `client.budget`: the budget actions bound to a preflow client.
 *
 * @example
 * ```ts
 * import { budgetActions } from "@preflow/budget";
 * import { createSdkBaseClient } from "@preflow/core";
 * const client = createSdkBaseClient({ rpcUrl }).extend(budgetActions);
 * const state = await client.budget.getAgentBudget({ budget });
 * ```
 */
export function budgetActions(client: SdkBaseClient) {
  return {
    budget: {
      grantAgentBudget: (parameters: GrantAgentBudgetParameters) => grantAgentBudget(client, parameters),
      getAgentBudget: (parameters: GetAgentBudgetParameters) => getAgentBudget(client, parameters),
      revokeAgentBudget: (parameters: RevokeAgentBudgetParameters) => revokeAgentBudget(client, parameters),
      prepareBudgetRedemption: (parameters: PrepareBudgetRedemptionParameters) =>
        prepareBudgetRedemption(client, parameters),
      executeWithBudget: (parameters: ExecuteWithBudgetParameters) => executeWithBudget(client, parameters),
    },
  };
}
