import { SWAP_VENUES } from "../../protocols/registry.js";
import { SWAP_VENUE_ADAPTERS } from "../../protocols/swapVenueAdapters.js";
import type { SwapVenueChoice } from "./types.js";
import type { SwapVenueAdapter } from "./venueAdapter.js";

/**
 * The adapters of the venues a choice names, in registry order: every registered venue for `"best"`, else the
 * one named (already checked against the registry by the parameter parser). Each venue's code loads here, on
 * the first swap that needs it. @internal
 */
export async function loadSwapVenues(choice: SwapVenueChoice): Promise<SwapVenueAdapter[]> {
  const chosen = choice === "best" ? SWAP_VENUES : SWAP_VENUES.filter((venue) => venue.venue === choice);
  return Promise.all(chosen.map((venue) => SWAP_VENUE_ADAPTERS[venue.venue]()));
}
