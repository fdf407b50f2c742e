// Mento v3: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on Mento v3 through the Router's `getAmountsOut`: the pair's FPMM pool and, when neither token is USDm, the path through USDm; returns the better. A read (reported to telemetry as `mento.getQuote`).
 *
 * HTTP requests: 1 (every route's quote and the block number in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetMentoQuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getMentoQuote } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const quote = await getMentoQuote(client, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // { venue: "mento", amountOut, amountOutFormatted, route: [USDC, USDm], fee: null, blockNumber, ... }
 * ```
 *
 * @function
 */
export const getMentoQuote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getMentoQuote.js")).getMentoQuote,
);

/**
 * Prepares a swap on Mento v3 only: the better of the pair's FPMM pool and the path through USDm (as {@link getMentoQuote}), swapped with the Router's `swapExactTokensForTokens(amountIn, amountOutMin, routes, to, deadline)`. An exact `approve` of `amountIn` to the Mento Router comes first only
 * when its allowance is short. Otherwise as {@link prepareSwap} with `venue: "mento"`. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, allowance, block number and timestamp, and every route's quote in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareMentoSwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareMentoSwap } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareMentoSwap(client, { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // flow.steps.at(-1)!.call: { contract: "Mento Router", functionName: "swapExactTokensForTokens", args: [amountIn, amountOutMin, routes, to, deadline] }
 * ```
 *
 * @function
 */
export const prepareMentoSwap = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareMentoSwap.js")).prepareMentoSwap,
);
