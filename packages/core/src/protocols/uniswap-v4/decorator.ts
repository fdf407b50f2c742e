import { type VenueActions, venueGroup } from "../../actions/swap/venueGroup.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { GetUniswapV4QuoteReturnType } from "./actions/getUniswapV4Quote.js";
import type { PrepareUniswapV4SwapReturnType } from "./actions/prepareUniswapV4Swap.js";
import { getUniswapV4Quote, prepareUniswapV4Swap } from "./lazyActions.js";

/**
 * `client.uniswapV4`: quotes and swaps on Uniswap v4 only. Not part of {@link createSdkClient}'s default groups: add
 * it with `client.extend(uniswapV4Actions)`. One HTTP request each.
 *
 * @example
 * ```ts
 * import { createSdkClient, uniswapV4Actions } from "@preflow/core";
 * const client = createSdkClient().extend(uniswapV4Actions);
 * const quote = await client.uniswapV4.getQuote("USDC", "USDm", "100");
 * ```
 */
export type UniswapV4Actions = VenueActions<GetUniswapV4QuoteReturnType, PrepareUniswapV4SwapReturnType>;

/**
 * The `uniswapV4` group as a decorator: `createSdkClient().extend(uniswapV4Actions)` gives `client.uniswapV4`
 * ({@link UniswapV4Actions}).
 *
 * @param client - Any preflow client.
 * @returns `{ uniswapV4 }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, uniswapV4Actions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(uniswapV4Actions);
 * const flow = await client.uniswapV4.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export function uniswapV4Actions(client: SdkBaseClient): { uniswapV4: UniswapV4Actions } {
  // Each action loads its module on its first call (./lazyActions.ts).
  return { uniswapV4: venueGroup(client, { quote: getUniswapV4Quote, prepare: prepareUniswapV4Swap }) };
}
