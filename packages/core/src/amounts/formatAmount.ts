import { formatUnits } from "viem";

/**
 * Formats base units as an exact human decimal string (no exponent, no trailing zeros).
 *
 * @example
 * ```ts
 * import { formatAmount } from "@preflow/core";
 * formatAmount(1_500_000n, 6); // "1.5"
 * ```
 */
export function formatAmount(value: bigint, decimals: number): string {
  return formatUnits(value, decimals);
}
