import type { Address, Hex } from "viem";

/**
 * One caveat of a delegation, with the framework's field names: the enforcer contract, its signed `terms`, and
 * the `args` the redeemer supplies at redemption (unsigned; `0x` in a stored budget).
 *
 * @example
 * ```ts
 * import type { BudgetCaveat } from "@preflow/budget";
 * const expiry: BudgetCaveat = { enforcer: "0x1046bb45C8d673d4ea75321280DB34899413c069", terms: "0x…", args: "0x" };
 * ```
 */
export interface BudgetCaveat {
  enforcer: Address;
  terms: Hex;
  args: Hex;
}

/**
 * A signed ERC-7710 delegation with the framework's field names (DelegationManager v1.3.0's `Delegation` struct),
 * every integer as a string. `authority` is the root authority (the owner delegates directly).
 *
 * @example
 * ```ts
 * import type { BudgetDelegation } from "@preflow/budget";
 * const who = (delegation: BudgetDelegation) => `${delegation.delegator} -> ${delegation.delegate}`;
 * ```
 */
export interface BudgetDelegation {
  delegate: Address;
  delegator: Address;
  authority: Hex;
  caveats: BudgetCaveat[];
  /** A random uint256 as a decimal string (makes two otherwise equal grants distinct). */
  salt: string;
  signature: Hex;
}

/**
 * What a budget grants for one token, in plain fields (the caveats say the same, and a budget whose caveats do
 * not match these is refused).
 *
 * @example
 * ```ts
 * import type { BudgetLimit } from "@preflow/budget";
 * const limit: BudgetLimit = {
 *   token: "USDC", address: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C", decimals: 6,
 *   amount: "10", baseUnits: "10000000", period: "perDay", periodSeconds: "86400", startDate: "1764400000",
 * };
 * ```
 */
export interface BudgetLimit {
  /** The registry symbol (`"USDC"`, `"USDm"`, `"USDT"`, `"CELO"`...). */
  token: string;
  /** The token contract (for CELO its ERC-20 GoldToken, 0x471E…a438). */
  address: Address;
  decimals: number;
  /** The cap per period, human decimal string. */
  amount: string;
  /** The cap per period in base units, decimal string. */
  baseUnits: string;
  /** `"perHour"`, `"perDay"`, `"perWeek"`, or `"custom"` for a period given in seconds. */
  period: "perHour" | "perDay" | "perWeek" | "custom";
  periodSeconds: string;
  /** Unix seconds (chain time) when the first period began. */
  startDate: string;
}

/**
 * A granted budget: JSON-safe (strings only), safe to store and pass to the agent. It holds the signed delegation
 * and plain fields for what it grants; never a key.
 *
 * @example
 * ```ts
 * import type { AgentBudget } from "@preflow/budget";
 * import { writeFileSync } from "node:fs";
 * const save = (budget: AgentBudget) => writeFileSync("budget.json", JSON.stringify(budget, null, 2));
 * ```
 */
export interface AgentBudget {
  kind: "preflow-agent-budget";
  version: 1;
  chainId: 42220;
  delegationManager: Address;
  /** The owner's EOA (upgraded by EIP-7702 to the framework's EIP7702StatelessDeleGator): whose tokens move. */
  owner: Address;
  /** The agent's address: the only one that may redeem the delegation. */
  agent: Address;
  limits: BudgetLimit[];
  /** The only addresses the budget may pay, or `null` for any. */
  recipients: Address[] | null;
  /** Unix seconds after which the budget is void, or `null` for no expiry. */
  validUntil: string | null;
  /** The delegation's EIP-712 hash (DelegationManager's `getDelegationHash`): its id on chain. */
  delegationHash: Hex;
  delegation: BudgetDelegation;
}

/**
 * One transfer of the owner's tokens a covered flow makes.
 *
 * @example
 * ```ts
 * import type { BudgetTransfer } from "@preflow/budget";
 * const words = (t: BudgetTransfer) => `${t.amount} ${t.token} to ${t.to}`;
 * ```
 */
export interface BudgetTransfer {
  /** The flow step it comes from. */
  step: number;
  token: string;
  tokenAddress: Address;
  to: Address;
  /** Human decimal. */
  amount: string;
  baseUnits: string;
}
