import { rejectUnknownKeys } from "@preflow/errors";
import { maxUint256 } from "viem";
import { InvalidAmountError } from "../errors/amount.js";

/**
 * Parameters of {@link parseAmount}.
 *
 * @example
 * ```ts
 * import { parseAmount, type ParseAmountParameters } from "@preflow/core";
 * const options: ParseAmountParameters = { decimals: 6, token: "USDC", allowZero: true };
 * parseAmount("0", options); // 0n
 * ```
 */
export interface ParseAmountParameters {
  /** Decimals of the token. */
  decimals: number;
  /** Token symbol, for messages. */
  token?: string;
  /** Argument name, for messages (default `"amount"`). */
  field?: string;
  /** Accept `"0"` (default `false`: zero is rejected). */
  allowZero?: boolean;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Converts a human decimal string to exact base units, with no floating point on the way. Accepts only
 * plain decimals (`"1"`, `"1.5"`, `"0.000001"`); rejects with {@link InvalidAmountError} anything negative,
 * zero (unless `allowZero`), non-numeric, in exponent notation, with signs, spaces or separators, with more
 * fraction digits than `decimals`, or beyond uint256. Trailing fraction zeros beyond `decimals` are rejected
 * too (`"1.0000000"` for 6 decimals) so that the input says exactly what is meant.
 *
 * @example
 * ```ts
 * import { parseAmount } from "@preflow/core";
 *
 * parseAmount("1.5", { decimals: 6 }); // 1_500_000n
 * parseAmount("1e18", { decimals: 18 }); // throws InvalidAmountError (exponent notation)
 * ```
 */
export function parseAmount(amount: unknown, parameters: ParseAmountParameters): bigint {
  rejectUnknownKeys(parameters, "parameters", ["decimals", "token", "field", "allowZero"]);
  const { decimals, token, field = "amount", allowZero = false } = parameters;
  const fail = (rule: string): never => {
    throw new InvalidAmountError({ field, value: amount, rule, token, decimals });
  };
  if (typeof amount !== "string") {
    return fail(`must be a decimal string, not ${amount === null ? "null" : typeof amount}`);
  }
  if (amount.length === 0) return fail("is empty");
  if (amount.length > 200) return fail("is too long");
  const match = DECIMAL.exec(amount);
  if (!match) {
    if (/^\s|\s$/.test(amount)) return fail("has surrounding whitespace");
    if (amount.startsWith("-")) return fail("is negative");
    if (/^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(amount)) return fail("uses exponent notation");
    if (/^0[xXoObB]/.test(amount)) return fail("is not a decimal number (hex, octal or binary prefix)");
    if (/^\.\d+$/.test(amount)) return fail("has no digit before the decimal point (write 0.5, not .5)");
    if (/^\d+\.$/.test(amount)) return fail("ends with a decimal point");
    return fail("is not a plain decimal number (digits with an optional fraction)");
  }
  const whole = match[1]!;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) {
    return fail(`has ${fraction.length} fraction digits, more than the token's ${decimals} decimals`);
  }
  const value = BigInt(whole + fraction.padEnd(decimals, "0"));
  if (value === 0n && !allowZero) return fail("must be greater than zero");
  if (value > maxUint256) return fail("is beyond uint256");
  return value;
}
