import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { parseAmount } from "../../amounts/parseAmount.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { SWAP_VENUES } from "../../protocols/registry.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { resolveToken } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseBoundedInteger } from "../../validation/parseBoundedInteger.js";
import { parseSignal } from "../../validation/parseSignal.js";
import type { SwapVenueChoice } from "./types.js";

/** The default slippage tolerance of `prepareSwap`, basis points (0.5 %). */
export const DEFAULT_SLIPPAGE_BPS = 50;
/** The default validity of a prepared swap after the block it was read at, seconds. */
export const DEFAULT_DEADLINE_SECONDS = 300;
/** The largest slippage tolerance accepted, basis points (50 %). */
export const MAX_SLIPPAGE_BPS = 5_000;
/** The longest deadline accepted, seconds (one day: a swap quote is stale long before). */
export const MAX_DEADLINE_SECONDS = 86_400;

/** A validated quote request. @internal */
export interface ParsedSwapQuote {
  tokenIn: TokenInfo;
  tokenOut: TokenInfo;
  amountIn: bigint;
  signal: AbortSignal | undefined;
}

/** A validated swap preparation. @internal */
export interface ParsedSwap extends ParsedSwapQuote {
  from: Address;
  recipient: Address;
  venue: SwapVenueChoice;
  slippageBps: number;
  deadlineSeconds: number;
  /** The `feeCurrency` option as given (resolved by the fee plan before any I/O). */
  feeCurrency: unknown;
}

const QUOTE_KEYS = ["tokenIn", "tokenOut", "amountIn", "signal"] as const;
/** The option keys of the client's `prepareSwap(from, tokenIn, tokenOut, amountIn, options)`. @internal */
export const SWAP_OPTION_KEYS = [
  "venue",
  "slippageBps",
  "deadlineSeconds",
  "recipient",
  "feeCurrency",
  "signal",
] as const;
/** What `venue` may be: `"best"`, then every registered venue. @internal */
export const VENUE_CHOICES: readonly SwapVenueChoice[] = ["best", ...SWAP_VENUES.map((venue) => venue.venue)];

/** Validates the pair and amount of a quote or swap; no I/O. @internal */
export function parseSwapQuoteParameters(
  parameters: unknown,
  keys: readonly string[] = QUOTE_KEYS,
): ParsedSwapQuote {
  rejectUnknownKeys(parameters, "parameters", keys);
  const { tokenIn, tokenOut, amountIn, signal } = parameters as Record<string, unknown>;
  const tokenInInfo = resolveToken(tokenIn as string, "tokenIn");
  const tokenOutInfo = resolveToken(tokenOut as string, "tokenOut");
  if (tokenInInfo.address === tokenOutInfo.address) {
    throw new InvalidArgumentError({
      field: "tokenOut",
      value: tokenOut,
      rule: `must differ from tokenIn (both are ${tokenInInfo.symbol})`,
    });
  }
  return {
    tokenIn: tokenInInfo,
    tokenOut: tokenOutInfo,
    amountIn: parseAmount(amountIn, {
      decimals: tokenInInfo.decimals,
      token: tokenInInfo.symbol,
      field: "amountIn",
    }),
    signal: parseSignal(signal),
  };
}

/**
 * Validates a swap preparation; no I/O. `withVenue` is false for the per-venue actions (no `venue` key).
 * @internal
 */
export function parsePrepareSwapParameters(parameters: unknown, withVenue: boolean): ParsedSwap {
  const keys = [
    "from",
    ...QUOTE_KEYS,
    ...SWAP_OPTION_KEYS.filter((key) => key !== "signal" && (withVenue || key !== "venue")),
  ];
  const quote = parseSwapQuoteParameters(parameters, keys);
  const { from, venue, slippageBps, deadlineSeconds, recipient, feeCurrency } = parameters as Record<
    string,
    unknown
  >;
  const sender = parseAddress(from, "from");
  if (venue !== undefined && !VENUE_CHOICES.includes(venue as SwapVenueChoice)) {
    throw new InvalidArgumentError({
      field: "venue",
      value: venue,
      rule: `must be one of ${VENUE_CHOICES.join(", ")}`,
    });
  }
  return {
    ...quote,
    from: sender,
    recipient: recipient === undefined ? sender : parseAddress(recipient, "recipient", { allowZero: false }),
    venue: (venue as SwapVenueChoice | undefined) ?? "best",
    slippageBps:
      slippageBps === undefined
        ? DEFAULT_SLIPPAGE_BPS
        : parseBoundedInteger(slippageBps, "slippageBps", 0, MAX_SLIPPAGE_BPS, "basis points"),
    deadlineSeconds:
      deadlineSeconds === undefined
        ? DEFAULT_DEADLINE_SECONDS
        : parseBoundedInteger(deadlineSeconds, "deadlineSeconds", 1, MAX_DEADLINE_SECONDS, "seconds"),
    feeCurrency,
  };
}
