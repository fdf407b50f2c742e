import type { VenueActions } from "../../actions/swap/venueGroup.js";
import type { SdkBaseClient } from "../../clients/types.js";
import { venueDecorator } from "../swap/venueDecorator.js";
import type { GetMentoQuoteReturnType } from "./actions/getMentoQuote.js";
import type { PrepareMentoSwapReturnType } from "./actions/prepareMentoSwap.js";

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
export const mentoActions: (client: SdkBaseClient) => { mento: MentoActions } =
  /* @__PURE__ */ venueDecorator("mento", {
    quote: async () => (await import("./actions/getMentoQuote.js")).getMentoQuote,
    prepare: async () => (await import("./actions/prepareMentoSwap.js")).prepareMentoSwap,
  });
