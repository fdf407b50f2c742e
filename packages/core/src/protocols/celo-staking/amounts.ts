import { formatAmount } from "../../amounts/formatAmount.js";

/**
 * An exact amount of CELO (wei) and its decimal form.
 *
 * @example
 * ```ts
 * import type { CeloAmount } from "@preflow/core";
 * const locked: CeloAmount = { value: 50_000000000000000000n, formatted: "50" };
 * ```
 */
export interface CeloAmount {
  value: bigint;
  formatted: string;
}

/** @internal */
export function celoAmount(value: bigint): CeloAmount {
  return { value, formatted: formatAmount(value, 18) };
}

/** A Fixidity fraction (1e24 = 100 %) as a percentage string (`"12.5"`). @internal */
export function fixidityPercent(fraction: bigint): string {
  return formatAmount(fraction, 22);
}
