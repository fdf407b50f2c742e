import type { Address } from "viem";
import type { JsonValue } from "../../flow/stepTypes.js";
import type { RegisteredSwapVenue } from "../../protocols/registry.js";
import type { SwapIntentOf } from "../../protocols/swap/intents.js";

/**
 * A venue preflow swaps on: the `swapVenue.venue` of every registered protocol (`PROTOCOLS`), in registry order:
 * `"uniswap"` (Uniswap v3: QuoterV2 and SwapRouter02), `"uniswap-v4"` (Uniswap v4: V4Quoter and the
 * UniversalRouter through Permit2) and `"mento"` (Mento v3: its Router over FPMM pools).
 *
 * @example
 * ```ts
 * import type { SwapVenue } from "@preflow/core";
 * const venue: SwapVenue = "mento";
 * ```
 */
export type SwapVenue = RegisteredSwapVenue;

/**
 * Which venue `prepareSwap` uses: `"best"` (default) quotes every venue in the same request and takes the larger
 * output; a venue's name uses only that venue.
 *
 * @example
 * ```ts
 * import type { SwapVenueChoice } from "@preflow/core";
 * const choice: SwapVenueChoice = "best";
 * ```
 */
export type SwapVenueChoice = "best" | SwapVenue;

/**
 * One venue's quote for selling `amountIn` of `tokenIn` for `tokenOut`: amounts in base units as decimal strings
 * (and `amountOutFormatted` in whole tokens), the route and the pool fees.
 *
 * @example
 * ```ts
 * import type { SwapQuote } from "@preflow/core";
 * const quote: SwapQuote = {
 *   venue: "uniswap",
 *   tokenIn: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C",
 *   tokenOut: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
 *   amountIn: "100000000",
 *   amountOut: "99989900000000000000",
 *   amountOutFormatted: "99.9899",
 *   route: ["0xcebA9300f2b948710d2653dD7B07f33A8B32118C", 100, "0x765DE816845861e75A25fCA122bb6898B8B1282a"],
 *   fee: [100],
 * };
 * ```
 */
export interface SwapQuote {
  venue: SwapVenue;
  /** The token sold (address). */
  tokenIn: Address;
  /** The token bought (address). */
  tokenOut: Address;
  /** Base units of `tokenIn` sold, decimal string. */
  amountIn: string;
  /** Base units of `tokenOut` the venue would deliver now, decimal string. */
  amountOut: string;
  /** `amountOut` in whole tokens (`"99.9899"`). */
  amountOutFormatted: string;
  /**
   * The route: Uniswap v3 and v4 `[token, fee, token, …]` (a fee tier between each pair of tokens), Mento
   * `[token, token, …]` (the tokens in order; each pair an FPMM pool).
   */
  route: JsonValue[];
  /**
   * Uniswap v3 and v4: the fee tier of each pool on the route, in hundredths of a basis point (`[100]` = 0.01 %). Mento:
   * `null` (an FPMM pool's fee is taken inside its quote, not a tier).
   */
  fee: number[] | null;
}

/**
 * A swap on a registered venue: the `swap` intent a flow of `prepareSwap` carries (amounts in base units, `deadline`
 * in unix seconds, `route` as the venue describes it, `recipient` receives `tokenOut`).
 *
 * @example
 * ```ts
 * import type { SwapIntent } from "@preflow/core";
 * const venueOf = (intent: SwapIntent) => intent.venue; // "uniswap" | "uniswap-v4" | "mento"
 * ```
 */
export type SwapIntent = SwapIntentOf<SwapVenue>;
