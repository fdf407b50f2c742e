// The adapters of the registered swap venues (their routes, quote reads, approvals and swap encoding), each loaded
// on the first swap that needs it. Like the registry, this file names protocols: one line per venue. Its type
// requires a loader for every registered venue (and no other), so a venue added to `PROTOCOLS` without one fails to
// compile. It is kept out of the registry so that the registry's import graph does not reach the venues' code.
import type { SwapVenueAdapter } from "../actions/swap/venueAdapter.js";
import type { RegisteredSwapVenue } from "./registry.js";

/** Loads each registered venue's adapter, by venue. @internal */
export const SWAP_VENUE_ADAPTERS: {
  readonly [venue in RegisteredSwapVenue]: () => Promise<SwapVenueAdapter>;
} = {
  uniswap: async () => (await import("./uniswap-v3/venue.js")).uniswapVenue,
  "uniswap-v4": async () => (await import("./uniswap-v4/venue.js")).uniswapV4Venue,
  mento: async () => (await import("./mento/venue.js")).mentoVenue,
};
