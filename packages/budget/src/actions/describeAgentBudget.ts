import { parseBudget } from "../internal/parseBudget.js";
import type { AgentBudget } from "../types.js";

const PERIOD_WORDS = { perHour: "per hour", perDay: "per day", perWeek: "per week" } as const;

function when(seconds: string): string {
  return `${new Date(Number(seconds) * 1000).toISOString().replace(".000Z", "Z")} (unix ${seconds})`;
}

/**
 * The grant in words, as the owner must read it before signing (and anyone auditing a stored budget after): who
 * may spend, how much of each token per period from when, to whom, until when, and how to stop it. Pure: no I/O.
 * The words come from the budget's plain fields, which `parseBudget` has checked against the signed caveats.
 *
 * @throws `BudgetError` `BUDGET_INVALID` when `budget` is not a budget this package produced.
 *
 * @example
 * ```ts
 * import { describeAgentBudget } from "@preflow/budget";
 * console.log(describeAgentBudget(budget));
 * // Agent 0x9a3f… may move the tokens of 0x51c0… on Celo (chain 42220), enforced on chain by MetaMask's Delegation Framework v1.3.0:
 * // - at most 10 USDC per day (each period from 2026-11-29T01:00:00Z)
 * // ...
 * ```
 */
export function describeAgentBudget(budget: AgentBudget | unknown): string {
  const b = parseBudget(budget);
  const lines = [
    `Agent ${b.agent} may move the tokens of ${b.owner} on Celo (chain 42220), enforced on chain by MetaMask's Delegation Framework v1.3.0:`,
    ...b.limits.map((l) => {
      const period = l.period === "custom" ? `per ${l.periodSeconds} s` : PERIOD_WORDS[l.period];
      return `- at most ${l.amount} ${l.token} ${period}, by ERC-20 transfer (${l.address}), periods counted from ${when(l.startDate)}`;
    }),
    b.recipients === null
      ? "- to ANY address"
      : `- only to ${b.recipients.length === 1 ? b.recipients[0] : `one of ${b.recipients.join(", ")}`}`,
    b.validUntil === null ? "- with no expiry" : `- until ${when(b.validUntil)}`,
    "- nothing else (no approvals, swaps or other calls); the agent pays its own gas.",
    `The owner can revoke it at any time (DelegationManager.disableDelegation, delegation ${b.delegationHash}).`,
  ];
  return lines.join("\n");
}
