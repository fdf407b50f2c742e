// The exported actions of a one-venue swap protocol (`getUniswapQuote`/`prepareUniswapSwap`,
// `getMentoQuote`/`prepareMentoSwap`), built from its `SwapVenueAdapter` the same way for every venue: a new venue's
// folder binds its adapter here instead of copying the actions.
import type { SdkBaseClient } from "../../clients/types.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import type { GetSwapQuotesParameters } from "./getSwapQuotes.js";
import { parsePrepareSwapParameters } from "./parseSwapParameters.js";
import type { PrepareSwapParameters } from "./prepareSwap.js";
import { prepareSwapOnVenues } from "./prepareSwapOnVenues.js";
import { quoteOnVenue } from "./quoteOnVenue.js";
import type { SwapQuote } from "./types.js";
import type { SwapVenueAdapter } from "./venueAdapter.js";

/**
 * What a one-venue quote action returns ({@link GetUniswapQuoteReturnType}, {@link GetMentoQuoteReturnType}): the
 * venue's best quote and the block it was read at.
 *
 * @example
 * ```ts
 * import type { VenueQuote } from "@preflow/core";
 * const at = (quote: VenueQuote) => `${quote.amountOutFormatted} at block ${quote.blockNumber}`;
 * ```
 */
export type VenueQuote = SwapQuote & {
  /** The block the quote was read at, decimal string. */
  blockNumber: string;
};

/** The quote action of one venue: {@link getSwapQuotes} on that venue alone. @internal */
export function venueQuoteAction(
  venue: SwapVenueAdapter,
): (client: SdkBaseClient, parameters: GetSwapQuotesParameters) => Promise<VenueQuote> {
  return async (client, parameters) => quoteOnVenue(client, parameters, venue);
}

/** The prepare action of one venue: {@link prepareSwap} on that venue alone (no `venue` key). @internal */
export function venuePrepareAction(
  venue: SwapVenueAdapter,
): (
  client: SdkBaseClient,
  parameters: Omit<PrepareSwapParameters, "venue">,
) => Promise<SerializedPreparedFlow> {
  return async (client, parameters) =>
    prepareSwapOnVenues(client, parsePrepareSwapParameters(parameters, false), [venue]);
}
