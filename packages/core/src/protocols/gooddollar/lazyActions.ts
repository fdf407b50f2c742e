// GoodDollar: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads `address`'s GoodDollar UBI: its whitelisted identity (Identity's `getWhitelistedRoot`), what a claim now
 * pays (UBIScheme's `checkEntitlement`), whether today's UBI was claimed, and whether a claim can be prepared. A
 * tracked read (`goodDollar.getUbiEntitlement`).
 *
 * HTTP requests: 1 (the identity, the entitlement, the UBIScheme's day bookkeeping and the block's number and time
 * in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetGoodDollarUbiEntitlementErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGoodDollarUbiEntitlement } from "@preflow/core";
 *
 * const ubi = await getGoodDollarUbiEntitlement(createSdkBaseClient(), { address });
 * if (ubi.canClaim) console.log(`claim ${ubi.entitlementFormatted} G$`);
 * ```
 *
 * @function
 */
export const getGoodDollarUbiEntitlement = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getGoodDollarUbiEntitlement.js")).getGoodDollarUbiEntitlement,
);

/**
 * Prepares today's GoodDollar UBI claim: the UBIScheme's `claim()`, which pays the signer the day's UBI. Refused
 * with {@link GoodDollarRefusedError} before anything is built when `from` is not a whitelisted identity (nor
 * connected to one), has already claimed today (a second claim would pay nothing), or claims are paused. Not
 * tracked by telemetry.
 *
 * HTTP requests: 1 (identity, entitlement, the UBIScheme's day bookkeeping, the block's number and time, and the
 * fee plan's reads when gas is paid in a fee currency, in one batch).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGoodDollarClaimErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGoodDollarClaim } from "@preflow/core";
 *
 * const flow = await prepareGoodDollarClaim(createSdkBaseClient(), { from });
 * // flow.steps: [claim()] to the UBIScheme 0x43d7…a4A1; flow.intent.entitlement: the G$ it pays (base units)
 * ```
 *
 * @function
 */
export const prepareGoodDollarClaim = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGoodDollarClaim.js")).prepareGoodDollarClaim,
);

/**
 * Quotes a trade with GoodDollar's reserve: buying G$ with USDm (minted by the Bancor formula) or selling G$ for
 * USDm (burned, less the exit contribution), through the Mento Broker's `getAmountOut` on the G$/USDm exchange,
 * with the exchange's current price. A tracked read (`goodDollar.getReserveQuote`).
 *
 * HTTP requests: 1 (the quote, the price and the block number in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetGoodDollarReserveQuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGoodDollarReserveQuote } from "@preflow/core";
 *
 * const quote = await getGoodDollarReserveQuote(createSdkBaseClient(), { tokenIn: "USDm", tokenOut: "G$", amountIn: "1" });
 * console.log(`${quote.amountOutFormatted} G$ at ${quote.priceInUsdm} USDm each`);
 * ```
 *
 * @function
 */
export const getGoodDollarReserveQuote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getGoodDollarReserveQuote.js")).getGoodDollarReserveQuote,
);

/**
 * Prepares a trade with GoodDollar's reserve: an exact `approve` of `amountIn` to the Broker (only when its
 * allowance is short), then the Broker's `swapIn(exchangeProvider, exchangeId, tokenIn, tokenOut, amountIn,
 * amountOutMin)` on the G$/USDm exchange, with `amountOutMin` the quote less `slippageBps`. Checks the balance.
 * The Broker's swap has no deadline: the minimum output is the only bound. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, allowance, quote, price, block number and the fee plan's reads in one batch).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGoodDollarReserveSwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGoodDollarReserveSwap } from "@preflow/core";
 *
 * const flow = await prepareGoodDollarReserveSwap(createSdkBaseClient(), { from, tokenIn: "USDm", tokenOut: "G$", amountIn: "1" });
 * // flow.steps: [approve GoodDollar reserve Broker 1 USDm (if needed), swapIn(...)]
 * ```
 *
 * @function
 */
export const prepareGoodDollarReserveSwap = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGoodDollarReserveSwap.js")).prepareGoodDollarReserveSwap,
);
