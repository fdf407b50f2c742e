import { parseAmount } from "@preflow/core";
import { InvalidArgumentError, isRecord, rejectUnknownKeys } from "@preflow/errors";
import { type Address, getAddress, isAddress } from "viem";
import { X402_PAYABLE_TOKENS, type X402PayableToken } from "../payment/payableTokens.js";

/**
 * The limits of {@link createX402Fetch}, per token symbol in human decimals: a token is paid only when it has a
 * `perPayment` limit; `perDay` caps what is counted as spent in any 24 hours (signed, not yet released);
 * `payTo` and `hosts`, when given, are allow-lists (a payee address; a host name as in the URL, lower case,
 * with `:port` when the URL has one); `maxTimeoutSeconds` bounds how long a signed authorization stays
 * redeemable (its `validBefore`, default {@link DEFAULT_X402_MAX_TIMEOUT_SECONDS}).
 *
 * @example
 * ```ts
 * import type { X402Limits } from "@preflow/x402";
 * const limits: X402Limits = { perPayment: { USDC: "0.05" }, perDay: { USDC: "2" }, hosts: ["api.example.com"] };
 * ```
 */
export interface X402Limits {
  perPayment: Partial<Record<X402PayableToken["symbol"], string>>;
  perDay?: Partial<Record<X402PayableToken["symbol"], string>> | undefined;
  payTo?: readonly string[] | undefined;
  hosts?: readonly string[] | undefined;
  /**
   * The longest an authorization may stay redeemable, in seconds (1 to 86,400; default 300): a server asking for
   * a longer `maxTimeoutSeconds` is paid with an authorization valid this long (`validBefore` = now + bound).
   * A signed authorization counts as spent until `validBefore` passes unused, and anyone holding it can redeem it
   * until then: a short bound limits both.
   */
  maxTimeoutSeconds?: number | undefined;
}

/**
 * The default of {@link X402Limits}.maxTimeoutSeconds: 300 s (five minutes), long enough for a facilitator to
 * settle, short enough that a payment the server never settles is released (and stops counting in `perDay`) soon.
 *
 * @example
 * ```ts
 * import { DEFAULT_X402_MAX_TIMEOUT_SECONDS } from "@preflow/x402";
 * DEFAULT_X402_MAX_TIMEOUT_SECONDS; // 300
 * ```
 */
export const DEFAULT_X402_MAX_TIMEOUT_SECONDS = 300;
/** The largest {@link X402Limits}.maxTimeoutSeconds accepted: a day, the `perDay` window. */
const MAX_TIMEOUT_BOUND = 86_400;

/** {@link X402Limits} checked and in base units. */
export interface ParsedX402Limits {
  readonly perPayment: ReadonlyMap<X402PayableToken["symbol"], bigint>;
  readonly perDay: ReadonlyMap<X402PayableToken["symbol"], bigint>;
  readonly payTo: ReadonlySet<Address> | undefined;
  readonly hosts: ReadonlySet<string> | undefined;
  readonly maxTimeoutSeconds: number;
}

const SYMBOLS = Object.keys(X402_PAYABLE_TOKENS) as X402PayableToken["symbol"][];
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/;

function amounts(value: unknown, field: string): Map<X402PayableToken["symbol"], bigint> {
  if (!isRecord(value)) {
    throw new InvalidArgumentError({
      field,
      value: value,
      rule: "must be an object of token symbol to human decimal string",
    });
  }
  rejectUnknownKeys(value, field, SYMBOLS);
  const result = new Map<X402PayableToken["symbol"], bigint>();
  for (const symbol of SYMBOLS) {
    if (value[symbol] === undefined) continue;
    const token = X402_PAYABLE_TOKENS[symbol];
    result.set(
      symbol,
      parseAmount(value[symbol], { decimals: token.decimals, token: symbol, field: `${field}.${symbol}` }),
    );
  }
  return result;
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value) || value.length > 1_000) {
    throw new InvalidArgumentError({ field, value: value, rule: "must be an array (at most 1000 entries)" });
  }
  return value;
}

/**
 * Checks {@link X402Limits} (unknown keys and symbols refused, amounts as the registry's decimals, addresses,
 * host names) and converts them to base units; throws an `SdkError` naming the field, before any I/O.
 *
 * @example
 * ```ts
 * import { parseX402Limits } from "@preflow/x402";
 * parseX402Limits({ perPayment: { USDC: "0.05" } }).perPayment.get("USDC"); // 50000n
 * ```
 */
export function parseX402Limits(limits: unknown): ParsedX402Limits {
  if (!isRecord(limits)) {
    throw new InvalidArgumentError({ field: "limits", value: limits, rule: "must be an object" });
  }
  rejectUnknownKeys(limits, "limits", ["perPayment", "perDay", "payTo", "hosts", "maxTimeoutSeconds"]);
  const maxTimeoutSeconds = limits.maxTimeoutSeconds ?? DEFAULT_X402_MAX_TIMEOUT_SECONDS;
  if (
    typeof maxTimeoutSeconds !== "number" ||
    !Number.isSafeInteger(maxTimeoutSeconds) ||
    maxTimeoutSeconds < 1 ||
    maxTimeoutSeconds > MAX_TIMEOUT_BOUND
  ) {
    throw new InvalidArgumentError({
      field: "limits.maxTimeoutSeconds",
      value: maxTimeoutSeconds,
      rule: `must be a whole number of seconds from 1 to ${MAX_TIMEOUT_BOUND}`,
    });
  }
  const perPayment = amounts(limits.perPayment, "limits.perPayment");
  const perDay = limits.perDay === undefined ? new Map() : amounts(limits.perDay, "limits.perDay");
  const payTo =
    limits.payTo === undefined
      ? undefined
      : new Set(
          list(limits.payTo, "limits.payTo").map((entry, index) => {
            if (typeof entry !== "string" || !isAddress(entry, { strict: false })) {
              throw new InvalidArgumentError({
                field: `limits.payTo[${index}]`,
                value: entry,
                rule: "must be an address",
              });
            }
            return getAddress(entry);
          }),
        );
  const hosts =
    limits.hosts === undefined
      ? undefined
      : new Set(
          list(limits.hosts, "limits.hosts").map((entry, index) => {
            if (typeof entry !== "string" || entry.length > 260 || !HOST.test(entry)) {
              throw new InvalidArgumentError({
                field: `limits.hosts[${index}]`,
                value: entry,
                rule: "must be a lower-case host name (with :port when the URL has one)",
              });
            }
            return entry;
          }),
        );
  return { perPayment, perDay, payTo, hosts, maxTimeoutSeconds };
}
