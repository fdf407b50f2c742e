import type { SdkBaseClient } from "../../clients/types.js";
import type { GetSwapQuotesParameters } from "./getSwapQuotes.js";
import { parseSwapQuoteParameters } from "./parseSwapParameters.js";
import { quoteOnVenues } from "./quoteOnVenues.js";
import type { SwapQuote } from "./types.js";
import type { SwapVenueAdapter } from "./venueAdapter.js";

/**
 * One venue's best quote, from its {@link SwapVenueAdapter}: the parameters checked before any I/O, the read
 * reported to telemetry as `<venue group>.getQuote`, every route's quote and the block number in one Multicall3 call
 * (one HTTP request). What `getUniswapQuote` and `getMentoQuote` are made of. @internal
 */
export async function quoteOnVenue(
  client: SdkBaseClient,
  parameters: GetSwapQuotesParameters,
  venue: SwapVenueAdapter,
): Promise<SwapQuote & { blockNumber: string }> {
  const parsed = parseSwapQuoteParameters(parameters);
  // The venue's client group (`uniswap-v4` → `uniswapV4.getQuote`): telemetry operations are dotted identifiers.
  const group = venue.name.replace(/-([a-z0-9])/g, (_, next: string) => next.toUpperCase());
  return client.track(`${group}.getQuote`, undefined, async () => {
    const { best, blockNumber } = await quoteOnVenues(client, parsed, [venue]);
    return { ...best, blockNumber };
  });
}
