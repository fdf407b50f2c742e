// Swaps on every venue: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on every venue: Uniswap v3 (the pair's pool at every fee
 * tier, and two-hop paths through USDm, USDC or CELO at every pair of tiers, through QuoterV2) and Mento v3 (the
 * pair's FPMM pool and the path through USDm, through the Router's `getAmountsOut`), and picks the best. A read
 * (reported to telemetry as `swap.getQuotes`).
 *
 * HTTP requests: 1 (every quote and the block number in one Multicall3 call; the first call's chain check folded in).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetSwapQuotesErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getSwapQuotes } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const { best, quotes } = await getSwapQuotes(client, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // best: { venue: "uniswap", amountOut: "99989…", amountOutFormatted: "99.98…", route: [USDC, 100, USDm], fee: [100], ... }
 * ```
 *
 * @function
 */
export const getSwapQuotes = /* @__PURE__ */ lazyAction(
  async () => (await import("./getSwapQuotes.js")).getSwapQuotes,
);

/**
 * Prepares selling `amountIn` of `tokenIn` for `tokenOut` on the best venue (or the one asked for): quotes every
 * venue as {@link getSwapQuotes} does, checks the balance, adds an `approve` of exactly `amountIn` to the chosen
 * venue's router only when its allowance is short, then the swap with `minAmountOut = floor(quote × (10000 −
 * slippageBps) / 10000)` and `deadline` = the later of the block's timestamp and the local clock, + `deadlineSeconds`:
 *
 * - Uniswap: SwapRouter02 `multicall(deadline, [exactInputSingle(...)])` (one pool) or `[exactInput(...)]`
 *   (a two-hop path); `call` = `{ contract: "Uniswap SwapRouter02", functionName: "multicall",
 *   args: [deadline, [{ functionName, args: [params] }]] }`.
 * - Mento: Router `swapExactTokensForTokens(amountIn, amountOutMin, routes, to, deadline)`.
 *
 * The flow carries `intent` `{ kind: "swap", venue, tokenIn, tokenOut, amountIn, expectedAmountOut, minAmountOut,
 * deadline, route }` (addresses; base units as decimal strings), `preparedAt` and `expiresAt` (= `deadline`).
 * Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, both routers' allowances, block number and timestamp, and every quote in one Multicall3
 * call; the first call's chain check folded in). Paying gas in a fee currency (`feeCurrency`, or the client's
 * default), the same JSON-RPC batch also carries the fee's reads, the gas price and, for every route a venue
 * considers, an `eth_simulateV1` of `[approve, swap]` (the swap with a minimum output of 1 and a later deadline:
 * the same gas but for calldata, which is added when it settles); the chosen route's figures make the fee.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareSwapErrorType} (with a fee currency, `InsufficientBalanceError` covers `amountIn` plus
 *   `fee.max` when the fee is paid in `tokenIn`).
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareSwap } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareSwap(client, {
 *   from: "0x1111111111111111111111111111111111111111",
 *   tokenIn: "USDC",
 *   tokenOut: "USDm",
 *   amountIn: "100",
 *   slippageBps: 30,
 * });
 * // flow.steps: [approve USDC 100 to the router (if needed), swap]; flow.intent.minAmountOut; flow.expiresAt
 * ```
 *
 * @function
 */
export const prepareSwap = /* @__PURE__ */ lazyAction(
  async () => (await import("./prepareSwap.js")).prepareSwap,
);
