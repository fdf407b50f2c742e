import type { SdkBaseClient } from "../../clients/types.js";
import type { ParsedSwapQuote } from "./parseSwapParameters.js";
import { bestCandidate, readSwapState, toSwapQuote } from "./readSwapState.js";
import type { SwapQuote, SwapVenue } from "./types.js";
import type { SwapVenueAdapter } from "./venueAdapter.js";

/**
 * Quotes the pair on `venues` in one HTTP request: each venue's best route (venues without a route are listed in
 * `noRoute`), the overall best, and the block read at. Throws `NoRouteError` / `ZeroQuoteError` when no venue
 * quotes a positive output. @internal
 */
export async function quoteOnVenues(
  client: SdkBaseClient,
  parsed: ParsedSwapQuote,
  venues: readonly SwapVenueAdapter[],
): Promise<{ quotes: SwapQuote[]; best: SwapQuote; noRoute: SwapVenue[]; blockNumber: string }> {
  const state = await readSwapState(client, { venues, ...parsed });
  const best = toSwapQuote(bestCandidate(state, parsed), parsed);
  const quotes: SwapQuote[] = [];
  const noRoute: SwapVenue[] = [];
  for (const { venue, outcome } of state.outcomes) {
    if (outcome.candidate) quotes.push(toSwapQuote(outcome.candidate, parsed));
    else noRoute.push(venue.name as SwapVenue); // an adapter's name is its registered venue
  }
  return { quotes, best, noRoute, blockNumber: state.blockNumber.toString() };
}
