/**
 * `@preflow/budget`: on-chain budgets for an agent's key (ERC-7710 delegations with caveat enforcers on MetaMask's
 * Delegation Framework v1.3.0 at its Celo addresses). A leaked agent key can move at most what the budget leaves.
 *
 * @packageDocumentation
 */
export * from "./actions/checkBudgetCoverage.js";
export { describeAgentBudget } from "./actions/describeAgentBudget.js";
export * from "./actions/executeWithBudget.js";
export * from "./actions/getAgentBudget.js";
export * from "./actions/grantAgentBudget.js";
export * from "./actions/prepareBudgetRedemption.js";
export * from "./actions/revokeAgentBudget.js";
export { DELEGATION_FRAMEWORK_ADDRESSES, PERIOD_SECONDS, ROOT_AUTHORITY } from "./constants.js";
export { budgetActions } from "./decorators/budgetActions.js";
export { BudgetError, type BudgetErrorCode } from "./errors/BudgetError.js";
export { describeEnforcerRefusal } from "./internal/enforcerRefusal.js";
export type { BudgetOwner } from "./internal/ownerSigner.js";
export { parseBudget } from "./internal/parseBudget.js";
export type { BudgetLimitInput } from "./internal/parseGrant.js";
export type * from "./types.js";
