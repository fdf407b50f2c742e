import type { Address, Hex } from "viem";
import type { JsonValue, StepCall } from "../../flow/stepTypes.js";
import type { PreparedStep } from "../../flow/types.js";
import type { RegisteredSwapVenue } from "../../protocols/registry.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";
import type { TokenInfo } from "../../tokens/registry.js";

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

/** The swap call of a venue, encoded and decoded. @internal */
export interface EncodedSwap {
  to: Address;
  data: Hex;
  call: StepCall;
}

/** A venue's best candidate for a pair and amount, from its quote reads. @internal */
export interface SwapCandidate {
  venue: SwapVenue;
  amountOut: bigint;
  route: JsonValue[];
  fee: number[] | null;
  /** Encodes the swap for this candidate. */
  encode(parameters: {
    amountIn: bigint;
    minAmountOut: bigint;
    recipient: Address;
    deadline: bigint;
    /** The seller (who signs and calls the router). */
    from: Address;
  }): EncodedSwap;
}

/**
 * What a venue's quote reads found: the best candidate with a positive output, whether some route answered with
 * zero output, or neither (no route). @internal
 */
export interface VenueQuoteOutcome {
  candidate: SwapCandidate | undefined;
  /** A route exists but quotes zero output for the amount. */
  zero: boolean;
}

/**
 * How a venue gets the right to pull `tokenIn`: the reads that tell whether an approval is short (in the swap's
 * one Multicall3 call) and the approval steps they call for. @internal
 */
export interface SwapApprovals {
  /** The allowance reads, each with its ABI (decoded strictly). */
  reads: ReadCall[];
  /**
   * The approval steps, in order, from the reads' results and the swap's deadline; with `results` undefined,
   * every step the swap may need (the fee plan's sketch, before anything is read).
   */
  steps(results: readonly ReadResult[] | undefined, deadline: bigint): PreparedStep[];
}

/** A venue: its router, how it is approved, and how to quote on it in one Multicall3 batch. @internal */
export interface SwapVenueAdapter {
  name: SwapVenue;
  /** For descriptions: `"Uniswap v3"`. */
  label: string;
  /** The swap's `to`. */
  router: Address;
  /** The label of the router in a step's `call.contract` and descriptions. */
  routerLabel: string;
  /** The reads that quote every route the venue considers, and how to pick the best from their results. */
  quote(parameters: { tokenIn: TokenInfo; tokenOut: TokenInfo; amountIn: bigint }): {
    reads: ReadCall[];
    pick(results: readonly ReadResult[]): VenueQuoteOutcome;
    /** Every route considered, unquoted (`amountOut` 0): what a fee plan simulates before the quotes are known. */
    routes: SwapCandidate[];
  };
  /** The approvals a swap of `amountIn` of `tokenIn` by `from` needs (an exact ERC-20 `approve` of the router by default). */
  approvals(parameters: {
    from: Address;
    tokenIn: TokenInfo;
    amountIn: bigint;
    tag: (data: Hex) => Hex;
  }): SwapApprovals;
}
