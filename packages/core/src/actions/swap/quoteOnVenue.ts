import type { SdkBaseClient } from "../../clients/types.js";
import type { GetSwapQuotesParameters } from "./getSwapQuotes.js";
import { parseSwapQuoteParameters } from "./parseSwapParameters.js";
import { quoteOnVenues } from "./quoteOnVenues.js";
import type { SwapQuote, SwapVenueAdapter } from "./types.js";

/**
 * One venue's best quote, from its {@link SwapVenueAdapter}: the parameters checked before any I/O, the read
 * reported to telemetry as `<venue>.getQuote`, every route's quote and the block number in one Multicall3 call
 * (one HTTP request). What `getUniswapQuote` and `getMentoQuote` are made of. @internal
 */
export async function quoteOnVenue(
  client: SdkBaseClient,
  parameters: GetSwapQuotesParameters,
  venue: SwapVenueAdapter,
): Promise<SwapQuote & { blockNumber: string }> {
  const parsed = parseSwapQuoteParameters(parameters);
  return client.track(`${venue.name}.getQuote`, undefined, async () => {
    const { best, blockNumber } = await quoteOnVenues(client, parsed, [venue]);
    return { ...best, blockNumber };
  });
}
