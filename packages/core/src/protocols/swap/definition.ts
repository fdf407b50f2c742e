import { defineProtocol } from "../definition.js";
import { type SwapIntentOf, swapIntents } from "./intents.js";

/**
 * Swaps on any registered venue: the owner of the `swap` intent kind (each venue reads its own router call back
 * through its definition's `swapVenue`).
 *
 * @example
 * ```ts
 * import { swapProtocol } from "@preflow/core";
 * swapProtocol.intents?.swap.fields.includes("deadline"); // true
 * ```
 */
export const swapProtocol = /* @__PURE__ */ defineProtocol<SwapIntentOf>({
  id: "swap",
  label: "Swap",
  intents: swapIntents,
});
