import type { GetSwapQuotesErrorType, GetSwapQuotesParameters } from "../../../actions/swap/getSwapQuotes.js";
import { type VenueQuote, venueQuoteAction } from "../../../actions/swap/venueActions.js";
import { uniswapVenue } from "../venue.js";

/**
 * Parameters of {@link getUniswapQuote}: the same as {@link getSwapQuotes}'. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetUniswapQuoteParameters } from "@preflow/core";
 * const parameters: GetUniswapQuoteParameters = { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" };
 * ```
 */
export type GetUniswapQuoteParameters = GetSwapQuotesParameters;

/**
 * The return type of {@link getUniswapQuote}: the venue's best quote and the block read at.
 *
 * @example
 * ```ts
 * import type { GetUniswapQuoteReturnType } from "@preflow/core";
 * const { amountOut, route }: GetUniswapQuoteReturnType = await client.uniswap.getQuote("USDC", "USDm", "100");
 * ```
 */
export type GetUniswapQuoteReturnType = VenueQuote;

/**
 * The errors {@link getUniswapQuote} throws.
 *
 * @example
 * ```ts
 * import type { GetUniswapQuoteErrorType } from "@preflow/core";
 * ```
 */
export type GetUniswapQuoteErrorType = GetSwapQuotesErrorType;

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on Uniswap v3 through QuoterV2: the pair's pool at every fee tier (100, 500, 3000, 10000) and every two-hop path through USDm, USDC or CELO at every pair of tiers, and returns the best (largest output; fewer hops, then lower fees on a tie). A read (reported to telemetry as `uniswap.getQuote`).
 *
 * HTTP requests: 1 (every route's quote and the block number in one Multicall3 call).
 *
 * @throws {@link GetUniswapQuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getUniswapQuote } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const quote = await getUniswapQuote(client, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // { venue: "uniswap", amountOut, amountOutFormatted, route: [USDC, 100, USDm], fee: [100], blockNumber, ... }
 * ```
 */
export const getUniswapQuote = venueQuoteAction(uniswapVenue);
