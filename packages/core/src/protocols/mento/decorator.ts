import { type VenueActions, venueGroup } from "../../actions/swap/venueGroup.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { GetMentoQuoteReturnType } from "./actions/getMentoQuote.js";
import type { PrepareMentoSwapReturnType } from "./actions/prepareMentoSwap.js";
import { getMentoQuote, prepareMentoSwap } from "./lazyActions.js";

/**
 * `client.mento`: quotes and swaps on Mento v3 only. Not part of {@link createSdkClient}'s default groups: add it
 * with `client.extend(mentoActions)`. One HTTP request each.
 *
 * @example
 * ```ts
 * import { createSdkClient, mentoActions } from "@preflow/core";
 * const client = createSdkClient().extend(mentoActions);
 * const quote = await client.mento.getQuote("USDC", "USDm", "100");
 * ```
 */
export type MentoActions = VenueActions<GetMentoQuoteReturnType, PrepareMentoSwapReturnType>;

/**
 * The `mento` group as a decorator: `createSdkClient().extend(mentoActions)` gives `client.mento`
 * ({@link MentoActions}).
 *
 * @param client - Any preflow client.
 * @returns `{ mento }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, mentoActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(mentoActions);
 * const flow = await client.mento.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export function mentoActions(client: SdkBaseClient): { mento: MentoActions } {
  // Each action loads its module on its first call (./lazyActions.ts).
  return { mento: venueGroup(client, { quote: getMentoQuote, prepare: prepareMentoSwap }) };
}
