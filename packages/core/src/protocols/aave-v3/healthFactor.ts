// The health-factor arithmetic of client.aave: exact integers only. Aave v3 defines
//   healthFactor = (Σ collateral_i × liquidationThreshold_i / 10 000) / totalDebt      (WAD, 1e18 = 1.0)
// with every amount in the base currency (USD, 8 decimals); on chain the average threshold is floored first:
//   healthFactor = wadDiv(percentMul(C, L), D),  L = ⌊Σ collateral_i × threshold_i / C⌋
// `getUserAccountData` reports C, D and L. The estimates below start from those three numbers and round every step
// against the account, so that a refusal never lets through what the chain would refuse.
import { InvalidArgumentError } from "../../errors/argument.js";

/** 1.0 as a WAD. @internal */
export const WAD = 10n ** 18n;
const BPS = 10_000n;

/** Aave's base currency (USD) has 8 decimals. @internal */
export const BASE_CURRENCY_DECIMALS = 8;

/**
 * The value of `amount` base units of a token with `decimals` at `price` (base currency, 8 decimals), in base
 * currency: `amount × price / 10^decimals`, rounded `"up"` (a debt that grows, a collateral that goes) or
 * `"down"`. @internal
 */
export function toBaseCurrency(
  amount: bigint,
  price: bigint,
  decimals: number,
  rounding: "up" | "down",
): bigint {
  const unit = 10n ** BigInt(decimals);
  const product = amount * price;
  return rounding === "down" ? product / unit : (product + unit - 1n) / unit;
}

/**
 * Parameters of {@link estimateHealthFactor}: the account as `getUserAccountData` reports it and the change.
 * @internal
 */
export interface EstimateHealthFactorParameters {
  /** Total collateral, base currency. */
  collateralBase: bigint;
  /** Total debt, base currency. */
  debtBase: bigint;
  /** Weighted average liquidation threshold of the collateral, basis points. */
  liquidationThreshold: bigint;
  /** Collateral that leaves (a withdrawal), base currency; default 0. */
  collateralDecreaseBase?: bigint;
  /** The liquidation threshold of the reserve it leaves, basis points (0 when it is not collateral). */
  collateralDecreaseThreshold?: bigint;
  /** Debt that is added (a borrow), base currency; default 0. */
  debtIncreaseBase?: bigint;
}

/**
 * The health factor (WAD) after the change, or `null` when there is no debt after it (Aave reports 2^256 − 1).
 * Never above what Aave computes on chain for the same state, and at most (2 × C / 10 000 + 1) / D below it, C and
 * D in base units (10^-8 USD): about 2 × health factor / L, or 0.0003 for a health factor of 1.2 at a 78 %
 * threshold, plus the effect of rounding the withdrawn or borrowed value up by at most one base unit (the
 * property tests check both bounds against a model of Aave's arithmetic):
 * - the exact weighted sum S is in [C × L, C × L + C), so C × L − leaving × threshold is a lower bound of what stays;
 * - after a withdrawal Aave re-averages the threshold over the collateral C′ that stays and floors it, which
 *   loses less than C′ more: the estimate subtracts C′;
 * - `percentMul` rounds half up (at most half a unit down): the estimate subtracts 5 000 (half a unit × 10 000).
 * Callers round the withdrawn collateral and the added debt up. Floors at 0. @internal
 */
export function estimateHealthFactor(parameters: EstimateHealthFactorParameters): bigint | null {
  const {
    collateralBase,
    debtBase,
    liquidationThreshold,
    collateralDecreaseBase = 0n,
    collateralDecreaseThreshold = 0n,
    debtIncreaseBase = 0n,
  } = parameters;
  const debt = debtBase + debtIncreaseBase;
  if (debt <= 0n) return null;
  // bigints: Math.min does not apply
  let leaving = collateralDecreaseBase;
  if (leaving > collateralBase) leaving = collateralBase;
  let weighted = collateralBase * liquidationThreshold - leaving * collateralDecreaseThreshold;
  if (leaving > 0n) weighted -= collateralBase - leaving;
  weighted -= 5_000n;
  if (weighted <= 0n) return 0n;
  return (weighted * WAD) / (BPS * debt);
}

/** The health factor of `getUserAccountData` as preflow reports it: `null` without debt. @internal */
export function reportedHealthFactor(totalDebtBase: bigint, healthFactor: bigint): bigint | null {
  return totalDebtBase === 0n ? null : healthFactor;
}

const FLOOR = /^(\d{1,3})(?:\.(\d{1,18}))?$/;

/**
 * Parses a health-factor floor option (a decimal string such as `"1.25"` or a number such as `1.25`) into a WAD.
 * It must be at least `minimum` (1.0: below it Aave liquidates) and at most 100. No I/O.
 * @throws {InvalidArgumentError} naming `field`. @internal
 */
export function parseHealthFactorFloor(value: unknown, field: string, fallback: bigint): bigint {
  if (value === undefined) return fallback;
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  const match = typeof text === "string" ? FLOOR.exec(text) : null;
  const wad = match ? BigInt(match[1]!) * WAD + BigInt((match[2] ?? "").padEnd(18, "0")) : -1n;
  if (wad < WAD || wad > 100n * WAD) {
    throw new InvalidArgumentError({
      field,
      value,
      rule: 'must be a health factor between 1 and 100, as a decimal string ("1.25") or a number',
    });
  }
  return wad;
}
