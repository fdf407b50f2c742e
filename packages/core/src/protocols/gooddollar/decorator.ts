import type { SdkBaseClient } from "../../clients/types.js";
import type { PrepareOptions } from "../../fees/flowFee.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import { parseOptions } from "../../validation/parseOptions.js";
import type { GetGoodDollarReserveQuoteReturnType } from "./actions/getGoodDollarReserveQuote.js";
import type { GetGoodDollarUbiEntitlementReturnType } from "./actions/getGoodDollarUbiEntitlement.js";
import type { PrepareGoodDollarClaimReturnType } from "./actions/prepareGoodDollarClaim.js";
import type { PrepareGoodDollarReserveSwapReturnType } from "./actions/prepareGoodDollarReserveSwap.js";
import {
  getGoodDollarReserveQuote,
  getGoodDollarUbiEntitlement,
  prepareGoodDollarClaim,
  prepareGoodDollarReserveSwap,
} from "./lazyActions.js";

/**
 * The options of `client.goodDollar.prepareReserveSwap`: `slippageBps`, `feeCurrency`, `signal`.
 *
 * @example
 * ```ts
 * import type { GoodDollarReserveSwapOptions } from "@preflow/core";
 * const options: GoodDollarReserveSwapOptions = { slippageBps: 50 };
 * ```
 */
export interface GoodDollarReserveSwapOptions extends PrepareOptions {
  /** The tolerated slippage, an integer number of basis points in 0…5000; default 100 (1 %). */
  slippageBps?: number | undefined;
}

/**
 * `client.goodDollar`: GoodDollar's daily UBI and its reserve. Not part of {@link createSdkClient}'s default
 * groups: add it with `client.extend(goodDollarActions)`. One HTTP request each.
 *
 * @example
 * ```ts
 * import { createSdkClient, goodDollarActions } from "@preflow/core";
 * const client = createSdkClient().extend(goodDollarActions);
 * const { canClaim } = await client.goodDollar.getUbiEntitlement(address);
 * ```
 */
export interface GoodDollarActions {
  /**
   * `address`'s UBI now: its whitelisted identity, what a claim pays, whether it claimed today. The client form of
   * {@link getGoodDollarUbiEntitlement}. HTTP requests: 1.
   *
   * @param address - The account.
   * @param options - `{ signal? }`.
   * @throws {@link GetGoodDollarUbiEntitlementErrorType}
   *
   * @example
   * ```ts
   * const { entitlementFormatted, canClaim } = await client.goodDollar.getUbiEntitlement(address);
   * ```
   */
  getUbiEntitlement(address: string, options?: ActionOptions): Promise<GetGoodDollarUbiEntitlementReturnType>;
  /**
   * Prepares today's UBI claim (`claim()` to the UBIScheme); refused for an address that is not whitelisted or
   * has claimed today. The client form of {@link prepareGoodDollarClaim}. HTTP requests: 1.
   *
   * @param from - The whitelisted account that claims and signs.
   * @param options - `{ feeCurrency?, signal? }`.
   * @throws {@link PrepareGoodDollarClaimErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.goodDollar.prepareClaim(from);
   * ```
   */
  prepareClaim(from: string, options?: PrepareOptions): Promise<PrepareGoodDollarClaimReturnType>;
  /**
   * Quotes buying G$ with USDm or selling G$ for USDm with GoodDollar's reserve. The client form of
   * {@link getGoodDollarReserveQuote}. HTTP requests: 1.
   *
   * @param tokenIn - `"USDm"` or `"G$"`.
   * @param tokenOut - The other one.
   * @param amountIn - A human decimal string of `tokenIn`.
   * @param options - `{ signal? }`.
   * @throws {@link GetGoodDollarReserveQuoteErrorType}
   *
   * @example
   * ```ts
   * const quote = await client.goodDollar.getReserveQuote("USDm", "G$", "1");
   * ```
   */
  getReserveQuote(
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: ActionOptions,
  ): Promise<GetGoodDollarReserveQuoteReturnType>;
  /**
   * Prepares `[approve the Broker (only if short), swapIn]` with GoodDollar's reserve. The client form of
   * {@link prepareGoodDollarReserveSwap}. HTTP requests: 1.
   *
   * @param from - The account that trades and signs.
   * @param tokenIn - `"USDm"` to buy G$, `"G$"` to sell.
   * @param tokenOut - The other one.
   * @param amountIn - A human decimal string of `tokenIn`.
   * @param options - `{ slippageBps?, feeCurrency?, signal? }`.
   * @throws {@link PrepareGoodDollarReserveSwapErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.goodDollar.prepareReserveSwap(from, "USDm", "G$", "1");
   * ```
   */
  prepareReserveSwap(
    from: string,
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: GoodDollarReserveSwapOptions,
  ): Promise<PrepareGoodDollarReserveSwapReturnType>;
}

/**
 * The `goodDollar` group as a decorator: `createSdkBaseClient().extend(goodDollarActions)` gives
 * `client.goodDollar` ({@link GoodDollarActions}).
 *
 * @param client - Any preflow client.
 * @returns `{ goodDollar }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, goodDollarActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(goodDollarActions);
 * const flow = await client.goodDollar.prepareClaim(from);
 * ```
 */
export function goodDollarActions(client: SdkBaseClient): { goodDollar: GoodDollarActions } {
  // Each action loads its module on its first call (./lazyActions.ts); the options are checked before that load.
  return {
    goodDollar: Object.freeze({
      getUbiEntitlement: async (address: string, rest?: ActionOptions) =>
        getGoodDollarUbiEntitlement(client, { ...parseOptions(rest, ["signal"]), address }),
      prepareClaim: async (from: string, rest?: PrepareOptions) =>
        prepareGoodDollarClaim(client, { ...parseOptions(rest, ["feeCurrency", "signal"]), from }),
      getReserveQuote: async (
        tokenIn: TokenInput,
        tokenOut: TokenInput,
        amountIn: string,
        rest?: ActionOptions,
      ) =>
        getGoodDollarReserveQuote(client, { ...parseOptions(rest, ["signal"]), tokenIn, tokenOut, amountIn }),
      prepareReserveSwap: async (
        from: string,
        tokenIn: TokenInput,
        tokenOut: TokenInput,
        amountIn: string,
        rest?: GoodDollarReserveSwapOptions,
      ) =>
        prepareGoodDollarReserveSwap(client, {
          ...parseOptions(rest, ["slippageBps", "feeCurrency", "signal"]),
          from,
          tokenIn,
          tokenOut,
          amountIn,
        }),
    }),
  };
}
