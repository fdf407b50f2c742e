// The lending actions' published limits, in a module of their own so that importing them does not load the
// actions (which load on their first call).

/**
 * The default health-factor floor of {@link prepareAaveBorrow}: 1.1 (as a decimal string).
 *
 * @example
 * ```ts
 * import { DEFAULT_BORROW_HEALTH_FACTOR_FLOOR } from "@preflow/core";
 * await client.aave.prepareBorrow(from, "USDm", "10", { healthFactorFloor: DEFAULT_BORROW_HEALTH_FACTOR_FLOOR });
 * ```
 */
export const DEFAULT_BORROW_HEALTH_FACTOR_FLOOR = "1.1";

/**
 * The margin `"max"` repayments approve (and need in balance) above the debt read, in basis points of the debt:
 * 10 (0.1 %, at least one base unit), for interest that accrues until the repayment is included (at a 10 % APR,
 * about three and a half days of interest).
 *
 * @example
 * ```ts
 * import { REPAY_MAX_INTEREST_MARGIN_BPS } from "@preflow/core";
 * const approved = debt + (debt * BigInt(REPAY_MAX_INTEREST_MARGIN_BPS) + 9_999n) / 10_000n;
 * ```
 */
export const REPAY_MAX_INTEREST_MARGIN_BPS = 10;
