// Uniswap v3: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on Uniswap v3 through QuoterV2: the pair's pool at every fee tier (100, 500, 3000, 10000) and every two-hop path through USDm, USDC or CELO at every pair of tiers, and returns the best (largest output; fewer hops, then lower fees on a tie). A read (reported to telemetry as `uniswap.getQuote`).
 *
 * HTTP requests: 1 (every route's quote and the block number in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetUniswapQuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getUniswapQuote } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const quote = await getUniswapQuote(client, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // { venue: "uniswap", amountOut, amountOutFormatted, route: [USDC, 100, USDm], fee: [100], blockNumber, ... }
 * ```
 *
 * @function
 */
export const getUniswapQuote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getUniswapQuote.js")).getUniswapQuote,
);

/**
 * Prepares a swap on Uniswap v3 only: the best pool or two-hop path (as {@link getUniswapQuote}), swapped through SwapRouter02 `multicall(deadline, [exactInputSingle | exactInput])` (SwapRouter02's structs have no deadline field). An exact `approve` of `amountIn` to SwapRouter02 comes first only
 * when its allowance is short. Otherwise as {@link prepareSwap} with `venue: "uniswap"`. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, allowance, block number and timestamp, and every route's quote in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareUniswapSwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareUniswapSwap } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareUniswapSwap(client, { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // flow.steps.at(-1)!.call: { contract: "Uniswap SwapRouter02", functionName: "multicall", args: [deadline, [{ functionName: "exactInputSingle", args: [params] }]] }
 * ```
 *
 * @function
 */
export const prepareUniswapSwap = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareUniswapSwap.js")).prepareUniswapSwap,
);
