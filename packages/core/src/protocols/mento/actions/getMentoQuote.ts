import type { GetSwapQuotesErrorType, GetSwapQuotesParameters } from "../../../actions/swap/getSwapQuotes.js";
import { type VenueQuote, venueQuoteAction } from "../../../actions/swap/venueActions.js";
import { mentoVenue } from "../venue.js";

/**
 * Parameters of {@link getMentoQuote}: the same as {@link getSwapQuotes}'. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetMentoQuoteParameters } from "@preflow/core";
 * const parameters: GetMentoQuoteParameters = { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" };
 * ```
 */
export type GetMentoQuoteParameters = GetSwapQuotesParameters;

/**
 * The return type of {@link getMentoQuote}: the venue's best quote and the block read at.
 *
 * @example
 * ```ts
 * import type { GetMentoQuoteReturnType } from "@preflow/core";
 * const { amountOut, route }: GetMentoQuoteReturnType = await client.mento.getQuote("USDC", "USDm", "100");
 * ```
 */
export type GetMentoQuoteReturnType = VenueQuote;

/**
 * The errors {@link getMentoQuote} throws.
 *
 * @example
 * ```ts
 * import type { GetMentoQuoteErrorType } from "@preflow/core";
 * ```
 */
export type GetMentoQuoteErrorType = GetSwapQuotesErrorType;

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on Mento v3 through the Router's `getAmountsOut`: the pair's FPMM pool and, when neither token is USDm, the path through USDm; returns the better. A read (reported to telemetry as `mento.getQuote`).
 *
 * HTTP requests: 1 (every route's quote and the block number in one Multicall3 call).
 *
 * @throws {@link GetMentoQuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getMentoQuote } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const quote = await getMentoQuote(client, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // { venue: "mento", amountOut, amountOutFormatted, route: [USDC, USDm], fee: null, blockNumber, ... }
 * ```
 */
export const getMentoQuote = venueQuoteAction(mentoVenue);
