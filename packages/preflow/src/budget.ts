/**
 * `preflow/budget`: on-chain agent budgets (re-exports `@preflow/budget`): ERC-7710 delegations with caveat
 * enforcers on MetaMask's Delegation Framework v1.3.0, granted by the owner and redeemed by the agent's key.
 *
 * @example
 * import { createSdkClient } from "preflow";
 * import { grantAgentBudget, describeAgentBudget } from "preflow/budget";
 *
 * const { budget } = await grantAgentBudget(createSdkClient(), { owner, agent, limits: { USDC: { perDay: "10" } } });
 * console.log(describeAgentBudget(budget));
 *
 * @packageDocumentation
 */
export * from "@preflow/budget";
