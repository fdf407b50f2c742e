// The grant's inputs, checked before any I/O: limits per token and period, recipients, expiry.
import { parseAddress, parseAmount, resolveToken } from "@preflow/core";
import { InvalidArgumentError, isRecord, rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { PERIOD_SECONDS } from "../constants.js";
import type { BudgetLimit } from "../types.js";

/**
 * One token's cap: exactly one of `perHour`, `perDay`, `perWeek` (a human decimal amount), or `amount` with
 * `periodSeconds`.
 *
 * @example
 * ```ts
 * import type { BudgetLimitInput } from "@preflow/budget";
 * const daily: BudgetLimitInput = { perDay: "10" };
 * const fortnightly: BudgetLimitInput = { amount: "50", periodSeconds: 1_209_600 };
 * ```
 */
export type BudgetLimitInput =
  | { perHour: string }
  | { perDay: string }
  | { perWeek: string }
  | { amount: string; periodSeconds: number };

/** @internal */
export function parseLimits(value: unknown, startDate: bigint): BudgetLimit[] {
  if (!isRecord(value) || Object.keys(value).length === 0 || Object.keys(value).length > 16)
    throw new InvalidArgumentError({
      field: "limits",
      value,
      rule: 'expected 1 to 16 tokens, e.g. { USDC: { perDay: "10" } }',
    });
  const seen = new Set<string>();
  return Object.entries(value).map(([key, input]) => {
    const field = `limits.${key}`;
    const token = resolveToken(key, field);
    if (seen.has(token.address))
      throw new InvalidArgumentError({ field, value: key, rule: "names a token already listed" });
    seen.add(token.address);
    if (!isRecord(input))
      throw new InvalidArgumentError({ field, value: input, rule: 'expected { perDay: "10" } or similar' });
    const periods = Object.keys(input).filter((k) => k in PERIOD_SECONDS);
    let period: BudgetLimit["period"];
    let amount: unknown;
    let seconds: number;
    if (periods.length === 1) {
      rejectUnknownKeys(input, field, periods);
      period = periods[0] as keyof typeof PERIOD_SECONDS;
      amount = input[period];
      seconds = PERIOD_SECONDS[period];
    } else if (periods.length === 0) {
      rejectUnknownKeys(input, field, ["amount", "periodSeconds"]);
      period = "custom";
      amount = input.amount;
      const s = input.periodSeconds;
      if (typeof s !== "number" || !Number.isSafeInteger(s) || s < 60 || s > 31_622_400)
        throw new InvalidArgumentError({
          field: `${field}.periodSeconds`,
          value: s,
          rule: "expected whole seconds, 60 to 31622400",
        });
      seconds = s;
    } else {
      throw new InvalidArgumentError({
        field,
        value: input,
        rule: "give exactly one of perHour, perDay, perWeek",
      });
    }
    if (typeof amount !== "string")
      throw new InvalidArgumentError({ field, value: amount, rule: "the amount must be a decimal string" });
    const baseUnits = parseAmount(amount, { decimals: token.decimals, token: token.symbol, field });
    if (baseUnits <= 0n) throw new InvalidArgumentError({ field, value: amount, rule: "must be positive" });
    return {
      token: token.symbol,
      address: token.address,
      decimals: token.decimals,
      amount,
      baseUnits: baseUnits.toString(),
      period,
      periodSeconds: String(seconds),
      startDate: startDate.toString(),
    };
  });
}

/** @internal */
export function parseRecipients(value: unknown): Address[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length === 0 || value.length > 32)
    throw new InvalidArgumentError({ field: "recipients", value, rule: "expected 1 to 32 addresses" });
  const list = value.map((r, i) => parseAddress(r, `recipients[${i}]`));
  if (new Set(list.map((a) => a.toLowerCase())).size !== list.length)
    throw new InvalidArgumentError({ field: "recipients", value, rule: "lists an address twice" });
  return list;
}

/** @internal */
export function parseValidUntil(value: unknown): bigint | null {
  if (value === undefined) return null;
  const n =
    typeof value === "bigint"
      ? value
      : typeof value === "number" && Number.isSafeInteger(value)
        ? BigInt(value)
        : undefined;
  if (n === undefined || n <= 0n || n >= 2n ** 40n)
    throw new InvalidArgumentError({
      field: "validUntil",
      value,
      rule: "expected unix seconds (an integer or bigint)",
    });
  return n;
}
