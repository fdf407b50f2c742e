import { type VenueActions, venueGroup } from "../../actions/swap/venueGroup.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { GetUniswapQuoteReturnType } from "./actions/getUniswapQuote.js";
import type { PrepareUniswapSwapReturnType } from "./actions/prepareUniswapSwap.js";
import { getUniswapQuote, prepareUniswapSwap } from "./lazyActions.js";

/**
 * `client.uniswap`: quotes and swaps on Uniswap v3 only. Not part of {@link createSdkClient}'s default groups: add it
 * with `client.extend(uniswapActions)`. One HTTP request each.
 *
 * @example
 * ```ts
 * import { createSdkClient, uniswapActions } from "@preflow/core";
 * const client = createSdkClient().extend(uniswapActions);
 * const quote = await client.uniswap.getQuote("USDC", "USDm", "100");
 * ```
 */
export type UniswapActions = VenueActions<GetUniswapQuoteReturnType, PrepareUniswapSwapReturnType>;

/**
 * The `uniswap` group as a decorator: `createSdkClient().extend(uniswapActions)` gives `client.uniswap`
 * ({@link UniswapActions}).
 *
 * @param client - Any preflow client.
 * @returns `{ uniswap }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, uniswapActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(uniswapActions);
 * const flow = await client.uniswap.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export function uniswapActions(client: SdkBaseClient): { uniswap: UniswapActions } {
  // Each action loads its module on its first call (./lazyActions.ts).
  return { uniswap: venueGroup(client, { quote: getUniswapQuote, prepare: prepareUniswapSwap }) };
}
