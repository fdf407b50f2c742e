// The decorator of a one-venue swap group (`client.uniswap`, `client.mento`), built the same way for every venue
// from the loaders of its two actions: a venue's `decorator.ts` is one call of this builder.
import { type VenueActions, type VenueGroupLoaders, venueGroup } from "../../actions/swap/venueGroup.js";
import type { SdkBaseClient } from "../../clients/types.js";

/**
 * A venue's decorator: `client.extend(decorator)` adds the group `name` ({@link VenueActions}), whose members
 * check their options, then load the venue's action on its first call (a separate chunk in bundles). @internal
 */
export function venueDecorator<name extends string, quote, flow>(
  name: name,
  load: VenueGroupLoaders<quote, flow>,
): (client: SdkBaseClient) => { [group in name]: VenueActions<quote, flow> } {
  return (client) => ({ [name]: venueGroup(client, load) }) as { [group in name]: VenueActions<quote, flow> };
}
