import type { PolicyCheck } from "../policy/checkPolicy.js";
import type { LoadedApproval } from "./loadApproval.js";

/** A token the flow spends more of than `approval.above` allows without asking. @internal */
export interface OverThreshold {
  symbol: string;
  decimals: number;
  /** Amount plus fee, base units (as the caps count it). */
  total: bigint;
  /** Of `total`, the most the gas can cost in this token (CIP-64 `fee.max`). */
  fee: bigint;
  above: bigint;
  /** The flow approves this token without limit. */
  unlimited: boolean;
}

/**
 * The tokens of `approval.above` a flow spends more of, from the policy's own count (`checkPolicy`: transfers,
 * approvals and pulls, and the gas paid in the token), or approves without limit. @internal
 */
export function overThreshold(approval: LoadedApproval, check: PolicyCheck): OverThreshold[] {
  const fees = new Map<string, bigint>();
  for (const spends of check.spends.values()) {
    for (const spend of spends) {
      if (spend.fee) fees.set(spend.token, (fees.get(spend.token) ?? 0n) + spend.amount);
    }
  }
  const over: OverThreshold[] = [];
  for (const threshold of approval.above.values()) {
    const total = check.totals.get(threshold.address) ?? 0n;
    const unlimited = check.unlimited.has(threshold.address);
    if (total <= threshold.above && !unlimited) continue;
    over.push({
      symbol: threshold.symbol,
      decimals: threshold.decimals,
      total,
      fee: fees.get(threshold.address) ?? 0n,
      above: threshold.above,
      unlimited,
    });
  }
  return over;
}

/** `7.01 USDm (7 + fee up to 0.01), above 5 USDm`; an unlimited approval says so. @internal */
export function describeOverThreshold(
  entry: OverThreshold,
  formatAmount: (value: bigint, decimals: number) => string,
): string {
  const format = (value: bigint) => formatAmount(value, entry.decimals);
  const above = `above ${format(entry.above)} ${entry.symbol}`;
  if (entry.unlimited) return `an unlimited approval of ${entry.symbol}, ${above}`;
  const parts =
    entry.fee > 0n ? ` (${format(entry.total - entry.fee)} + fee up to ${format(entry.fee)})` : "";
  return `${format(entry.total)} ${entry.symbol}${parts}, ${above}`;
}
