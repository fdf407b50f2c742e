// Uniswap v4: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// The implementation (and its TSDoc) lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on Uniswap v4 only: the pair's hookless pool at every tier
 * of `UNISWAP_V4_POOL_TIERS` through V4Quoter, and returns the best. A read (reported to telemetry as
 * `uniswapV4.getQuote`).
 *
 * HTTP requests: 1 (every tier's quote and the block number in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetUniswapV4QuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getUniswapV4Quote } from "@preflow/core";
 *
 * const quote = await getUniswapV4Quote(createSdkBaseClient(), { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // { venue: "uniswap-v4", amountOut, amountOutFormatted, route: [USDC, 100, USDm], fee: [100], blockNumber, ... }
 * ```
 *
 * @function
 */
export const getUniswapV4Quote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getUniswapV4Quote.js")).getUniswapV4Quote,
);

/**
 * Prepares a swap on Uniswap v4 only (as {@link prepareSwap} with `venue: "uniswap-v4"`): the token's `approve` of
 * exactly `amountIn` to Permit2 only when its allowance is short, Permit2's `approve(token, UniversalRouter,
 * amountIn, deadline)` (exact, expiring at the deadline), then the UniversalRouter's `execute(V4_SWAP)` with the
 * minimum output from the quote and `slippageBps`. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, the allowance of Permit2, block number and timestamp, and every tier's quote in one
 * Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareUniswapV4SwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareUniswapV4Swap } from "@preflow/core";
 *
 * const flow = await prepareUniswapV4Swap(createSdkBaseClient(), { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // flow.steps: [approve Permit2 (if short), Permit2 approve, UniversalRouter execute]
 * ```
 *
 * @function
 */
export const prepareUniswapV4Swap = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareUniswapV4Swap.js")).prepareUniswapV4Swap,
);
