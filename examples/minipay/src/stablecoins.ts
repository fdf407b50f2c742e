// The dollars a MiniPay user holds, and how the page writes amounts of them. MiniPay (2026) lists USD₮, USA₮
// (Tether America USD, a gas currency since CGP-0240), USDC and USDm and never shows CELO: the page reads, sends
// and swaps these, and pays every network fee in one of them (CIP-64; preflow's `{ auto: [...] }` picks which), so the user meets no other currency.
import { formatAmount, type SerializedPreparedFlow, TOKENS } from "preflow";

/** The tokens the page offers, in MiniPay's order (USD₮ first), with the name the user sees. */
export const STABLECOINS = [
  { symbol: "USDT", label: "USD₮", decimals: TOKENS.USDT.decimals },
  { symbol: "USAT", label: "USA₮", decimals: TOKENS.USAT.decimals },
  { symbol: "USDC", label: "USDC", decimals: TOKENS.USDC.decimals },
  { symbol: "USDm", label: "USDm", decimals: TOKENS.USDm.decimals },
] as const;

export type StablecoinSymbol = (typeof STABLECOINS)[number]["symbol"];

/** The name the user sees for a registry symbol (`"USDT"` → `"USD₮"`). */
export function labelOf(symbol: string): string {
  return STABLECOINS.find((coin) => coin.symbol === symbol)?.label ?? symbol;
}

/**
 * An amount in base units as the user reads it: at most `digits` decimals, rounded down for a balance (never
 * more than the user has) or up for a fee (never less than it may cost), without trailing zeros.
 */
export function displayAmount(value: bigint, decimals: number, digits: number, round: "down" | "up"): string {
  const drop = decimals > digits ? 10n ** BigInt(decimals - digits) : 1n;
  let kept = value / drop;
  if (round === "up" && kept * drop < value) kept += 1n;
  return formatAmount(kept, Math.min(decimals, digits));
}

/** Base units of `amount` of a token, in the symbols' own decimals (registry symbols, as `flow.fee.currency`). */
function decimalsOf(symbol: string): number | undefined {
  return (TOKENS as Record<string, { decimals: number } | undefined>)[symbol]?.decimals;
}

/**
 * The "Network fee" line of a prepared flow that pays gas in a token (`flow.fee`, CIP-64): the estimate and the
 * most it can cost, both in that token. Without `flow.fee` the fee is paid in CELO: only outside MiniPay (plain
 * `"auto"` for an account that holds CELO); inside MiniPay the page asks for stablecoins only.
 */
export function networkFeeLine(flow: SerializedPreparedFlow): string | undefined {
  if (!flow.fee) return "Network fee paid in CELO";
  const decimals = decimalsOf(flow.fee.currency);
  if (decimals === undefined) return undefined;
  const label = labelOf(flow.fee.currency);
  const estimated = displayAmount(BigInt(flow.fee.estimated), decimals, 6, "up");
  const max = displayAmount(BigInt(flow.fee.max), decimals, 6, "up");
  return `Network fee ≈ ${estimated} ${label} (at most ${max} ${label})`;
}

/** A flow's summary in the user's words: registry symbols replaced by the names the user sees. */
export function describeFlow(flow: SerializedPreparedFlow): string {
  return flow.summary.replace(/\bUSDT\b/g, labelOf("USDT"));
}
