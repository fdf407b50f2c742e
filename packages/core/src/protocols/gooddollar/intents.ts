import type { IntentKinds } from "../definition.js";
import { intentFields } from "../intentFields.js";
import { GOODDOLLAR_ADDRESSES, GOODDOLLAR_CUSD_EXCHANGE_ID } from "./addresses.js";

/**
 * A claim of today's GoodDollar UBI: the flow's one step calls the UBIScheme's `claim()`.
 *
 * @example
 * ```ts
 * import type { GoodDollarClaimIntent } from "@preflow/core";
 * const intent: GoodDollarClaimIntent = { kind: "goodDollarClaim", entitlement: "10000000000000000000000" };
 * ```
 */
export interface GoodDollarClaimIntent {
  kind: "goodDollarClaim";
  /** The G$ (base units) the claim pays as read when it was prepared. */
  entitlement: string;
}

/**
 * A trade against GoodDollar's reserve: `amountIn` of `tokenIn` (G$ or USDm, base units) for at least
 * `minAmountOut` of `tokenOut`, through the Broker's `swapIn`.
 *
 * @example
 * ```ts
 * import type { GoodDollarReserveSwapIntent } from "@preflow/core";
 * const intent: GoodDollarReserveSwapIntent = { kind: "goodDollarReserveSwap", tokenIn: usdm, tokenOut: gd, amountIn: "1000000000000000000", minAmountOut: "9950000000000000000000" };
 * ```
 */
export interface GoodDollarReserveSwapIntent {
  kind: "goodDollarReserveSwap";
  tokenIn: `0x${string}`;
  tokenOut: `0x${string}`;
  amountIn: string;
  minAmountOut: string;
}

/** Every GoodDollar intent. */
export type GoodDollarIntent = GoodDollarClaimIntent | GoodDollarReserveSwapIntent;

const UBI = GOODDOLLAR_ADDRESSES.ubiScheme.toLowerCase();
const BROKER = GOODDOLLAR_ADDRESSES.broker.toLowerCase();

/** The GoodDollar intent kinds: `goodDollarClaim`, `goodDollarReserveSwap`. @internal */
export const goodDollarIntents: IntentKinds<GoodDollarIntent> = {
  goodDollarClaim: {
    ...intentFields("goodDollarClaim", { entitlement: "uint" }),
    describe: (intent, c) =>
      `Claim today's GoodDollar UBI (${c.amount(intent.entitlement, GOODDOLLAR_ADDRESSES.goodDollar)} as read)`,
    // the flow's last step: the UBIScheme's `claim()` (it pays msg.sender, the flow's signer)
    check: (intent, c) => {
      const call = c.action.decoded;
      if (call?.functionName !== "claim" || c.action.to.toLowerCase() !== UBI)
        return `says a GoodDollar UBI claim of ${intent.entitlement}, but its last step does not call the UBIScheme's claim()`;
      return undefined;
    },
  },
  goodDollarReserveSwap: {
    ...intentFields("goodDollarReserveSwap", {
      tokenIn: "address",
      tokenOut: "address",
      amountIn: "uint",
      minAmountOut: "uint",
    }),
    describe: (intent, c) =>
      `Swap ${c.amount(intent.amountIn, intent.tokenIn)} for at least ${c.amount(intent.minAmountOut, intent.tokenOut)} with GoodDollar's reserve`,
    // the flow's last step: the Broker's swapIn on the reserve's G$/USDm exchange with the intent's amounts
    check: (intent, c) => {
      const call = c.action.decoded;
      if (call?.functionName !== "swapIn" || c.action.to.toLowerCase() !== BROKER)
        return "says a GoodDollar reserve swap, but its last step does not call the Broker's swapIn";
      const [provider, exchangeId, tokenIn, tokenOut, amountIn, minAmountOut] = call.args;
      if (
        !c.same(provider, GOODDOLLAR_ADDRESSES.exchangeProvider) ||
        !c.same(exchangeId, GOODDOLLAR_CUSD_EXCHANGE_ID) ||
        !c.same(tokenIn, intent.tokenIn) ||
        !c.same(tokenOut, intent.tokenOut) ||
        !c.same(amountIn, intent.amountIn) ||
        !c.same(minAmountOut, intent.minAmountOut)
      )
        return `says swap ${intent.amountIn} of ${intent.tokenIn} for at least ${intent.minAmountOut} of ${intent.tokenOut} on the G$/USDm exchange, but the calldata is ${c.show(call)}`;
      return undefined;
    },
  },
};
