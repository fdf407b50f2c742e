import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { parseAmount } from "../../amounts/parseAmount.js";
import type { FeeCurrencyOption } from "../../fees/flowFee.js";
import type { TokenInfo } from "../../tokens/registry.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseSignal } from "../../validation/parseSignal.js";
import { parseHealthFactorFloor, WAD } from "./healthFactor.js";
import type { LendingOperation } from "./lendingErrors.js";
import { type AAVE_V3_RESERVES, resolveAaveReserve } from "./reserves.js";

/**
 * The fields every Aave v3 `prepare*` takes besides `amount` and its own (each action's `XParameters` extend this,
 * with `feeCurrency` from {@link FeeCurrencyOption}). Unknown keys are refused.
 *
 * @example
 * ```ts
 * const parameters = { from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", token: "USDm" };
 * ```
 */
export interface AaveLendingActionParameters extends FeeCurrencyOption {
  /** The account that acts and signs (supplier, borrower, repayer or withdrawer). */
  from: string;
  /** A reserve of the market ({@link AAVE_V3_RESERVES}): symbol, former ticker or address. */
  token: TokenInput;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The health-factor floor of the Aave v3 operations that can lower the health factor (borrow, withdraw): the
 * parameters of {@link prepareAaveBorrow} and {@link prepareAaveWithdraw} and the options of their client members
 * ({@link AaveHealthOptions}) extend this.
 *
 * @example
 * ```ts
 * import type { AaveHealthFactorFloorOption } from "@preflow/core";
 * const option: AaveHealthFactorFloorOption = { healthFactorFloor: "1.5" };
 * ```
 */
export interface AaveHealthFactorFloorOption {
  /**
   * The lowest health factor the operation may leave, as a decimal string or number, between 1 and 100. Borrow:
   * default `"1.1"` ({@link DEFAULT_BORROW_HEALTH_FACTOR_FLOOR}). Withdraw: default `"1"` (below it Aave reverts and
   * the account could be liquidated).
   */
  healthFactorFloor?: string | number | undefined;
}

/** The checked parameters of a lending `prepare*`. @internal */
export interface LendingParameters {
  from: Address;
  token: TokenInfo;
  /** Base units, or `"max"` where the operation allows it. */
  amount: bigint | "max";
  /** WAD; only for operations with a floor. */
  floor: bigint;
  /** The `feeCurrency` option as given (resolved by the fee plan before any I/O). */
  feeCurrency: unknown;
  signal: AbortSignal | undefined;
}

/**
 * What each operation's `amount` and `healthFactorFloor` accept: `"max"` where the operation allows it (withdraw
 * everything supplied, repay the whole debt), and the floor's default (WAD) where it has one.
 */
const OPERATION_RULES: Readonly<Record<LendingOperation, { allowMax: boolean; floor?: bigint }>> = {
  supply: { allowMax: false },
  // 1.0: below it Aave itself reverts.
  withdraw: { allowMax: true, floor: WAD },
  // 1.1: DEFAULT_BORROW_HEALTH_FACTOR_FLOOR.
  borrow: { allowMax: false, floor: (WAD * 11n) / 10n },
  repay: { allowMax: true },
};

/**
 * Validates the one object parameter of `operation`'s `prepare*` before any I/O: known keys only, `from` an
 * address, `token` a reserve of the market, `amount` a positive decimal string for the token (or `"max"` where the
 * operation allows it), `healthFactorFloor` where the operation has one, `signal`. @internal
 */
export function parseLendingParameters(parameters: unknown, operation: LendingOperation): LendingParameters {
  const rules = OPERATION_RULES[operation];
  const keys = [
    "from",
    "token",
    "amount",
    ...(rules.floor === undefined ? [] : ["healthFactorFloor"]),
    "feeCurrency",
    "signal",
  ];
  const raw = rejectUnknownKeys(parameters, "parameters", keys);
  const from = parseAddress(raw.from, "from");
  const token = resolveAaveReserve(raw.token, "token");
  const amount =
    rules.allowMax && raw.amount === "max"
      ? "max"
      : parseAmount(raw.amount, { decimals: token.decimals, token: token.symbol, field: "amount" });
  const floor =
    rules.floor === undefined
      ? 0n
      : parseHealthFactorFloor(raw.healthFactorFloor, "healthFactorFloor", rules.floor);
  return { from, token, amount, floor, feeCurrency: raw.feeCurrency, signal: parseSignal(raw.signal) };
}
