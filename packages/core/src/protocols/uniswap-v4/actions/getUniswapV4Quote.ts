import type { GetSwapQuotesErrorType, GetSwapQuotesParameters } from "../../../actions/swap/getSwapQuotes.js";
import { type VenueQuote, venueQuoteAction } from "../../../actions/swap/venueActions.js";
import { uniswapV4Venue } from "../venue.js";

/**
 * Parameters of {@link getUniswapV4Quote}: as {@link getSwapQuotes}.
 *
 * @example
 * ```ts
 * import type { GetUniswapV4QuoteParameters } from "@preflow/core";
 * const parameters: GetUniswapV4QuoteParameters = { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" };
 * ```
 */
export type GetUniswapV4QuoteParameters = GetSwapQuotesParameters;

/**
 * The return type of {@link getUniswapV4Quote}: the best v4 pool's quote and the block read at.
 *
 * @example
 * ```ts
 * import type { GetUniswapV4QuoteReturnType } from "@preflow/core";
 * const at = (quote: GetUniswapV4QuoteReturnType) => quote.blockNumber;
 * ```
 */
export type GetUniswapV4QuoteReturnType = VenueQuote;

/**
 * The errors {@link getUniswapV4Quote} throws: as {@link getSwapQuotes}.
 *
 * @example
 * ```ts
 * import type { GetUniswapV4QuoteErrorType } from "@preflow/core";
 * ```
 */
export type GetUniswapV4QuoteErrorType = GetSwapQuotesErrorType;

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on Uniswap v4 only: the pair's hookless pool at every tier
 * of `UNISWAP_V4_POOL_TIERS` through V4Quoter, and returns the best. A read (reported to telemetry as
 * `uniswapV4.getQuote`).
 *
 * HTTP requests: 1 (every tier's quote and the block number in one Multicall3 call).
 *
 * @throws {@link GetUniswapV4QuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getUniswapV4Quote } from "@preflow/core";
 *
 * const quote = await getUniswapV4Quote(createSdkBaseClient(), { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // { venue: "uniswap-v4", amountOut, amountOutFormatted, route: [USDC, 100, USDm], fee: [100], blockNumber, ... }
 * ```
 */
export const getUniswapV4Quote = venueQuoteAction(uniswapV4Venue);
