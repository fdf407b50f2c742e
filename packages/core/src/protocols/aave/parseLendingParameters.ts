import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { parseAmount } from "../../amounts/parseAmount.js";
import type { FeeCurrencyOption } from "../../fees/flowFee.js";
import type { TokenInfo } from "../../tokens/registry.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseSignal } from "../../validation/parseSignal.js";
import { parseHealthFactorFloor } from "./healthFactor.js";
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
 * Validates the one object parameter of a lending `prepare*` before any I/O: known keys only, `from` an address,
 * `token` a reserve of the market, `amount` a positive decimal string for the token (or `"max"` when `allowMax`),
 * `healthFactorFloor` when the operation has one, `signal`. @internal
 */
export function parseLendingParameters(
  parameters: unknown,
  options: { allowMax: boolean; floor?: { default: bigint } },
): LendingParameters {
  const keys = [
    "from",
    "token",
    "amount",
    ...(options.floor ? ["healthFactorFloor"] : []),
    "feeCurrency",
    "signal",
  ];
  const raw = rejectUnknownKeys(parameters, "parameters", keys);
  const from = parseAddress(raw.from, "from");
  const token = resolveAaveReserve(raw.token, "token");
  const amount =
    options.allowMax && raw.amount === "max"
      ? "max"
      : parseAmount(raw.amount, { decimals: token.decimals, token: token.symbol, field: "amount" });
  const floor = options.floor
    ? parseHealthFactorFloor(raw.healthFactorFloor, "healthFactorFloor", options.floor.default)
    : 0n;
  return { from, token, amount, floor, feeCurrency: raw.feeCurrency, signal: parseSignal(raw.signal) };
}
