import type { SwapOptions } from "../../actions/swap/prepareSwap.js";
import { venueGroup } from "../../actions/swap/venueGroup.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import type { GetUniswapQuoteReturnType } from "./actions/getUniswapQuote.js";
import type { PrepareUniswapSwapReturnType } from "./actions/prepareUniswapSwap.js";

/**
 * `client.uniswap`: quotes and swaps on Uniswap v3 only. Not part of {@link createSdkClient}'s default groups: add it
 * with `client.extend(uniswapActions)`. One HTTP request each.
 *
 * @example
 * ```ts
 * import { createSdkClient, uniswapActions } from "@preflow/core";
 * const client = createSdkClient().extend(uniswapActions);
 * const quote = await client.uniswap.getQuote("USDC", "USDm", "100");
 * ```
 */
export interface UniswapActions {
  /**
   * The best Uniswap v3 quote: the pair's pool at every fee tier and two-hop paths through USDm, USDC or CELO. The client form of the exported action {@link getUniswapQuote}.
   *
   * HTTP requests: 1.
   *
   * @param tokenIn - The token sold: a registry symbol or a listed token's address.
   * @param tokenOut - The token bought (not `tokenIn`).
   * @param amountIn - A human decimal string, exact to `tokenIn`'s decimals.
   * @param options - `{ signal }`: stops waiting for the node (`RequestAbortedError`).
   * @returns The quote `{ venue: "uniswap", amountOut, amountOutFormatted, route, fee, blockNumber, ... }`.
   * @throws {@link GetUniswapQuoteErrorType}
   *
   * @example
   * ```ts
   * const { amountOutFormatted, route } = await client.uniswap.getQuote("USDC", "USDm", "100");
   * ```
   */
  getQuote(
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: ActionOptions,
  ): Promise<GetUniswapQuoteReturnType>;
  /**
   * Prepares a swap on Uniswap v3: an exact approve to SwapRouter02 only when the allowance is short, then the swap with
   * the minimum output from the quote and `slippageBps`, and the deadline. The client form of the exported action
   * {@link prepareUniswapSwap}.
   *
   * HTTP requests: 1.
   *
   * @param from - The seller (the account that will sign).
   * @param tokenIn - The token sold.
   * @param tokenOut - The token bought.
   * @param amountIn - A human decimal string, exact to `tokenIn`'s decimals.
   * @param options - `slippageBps` (50), `deadlineSeconds` (300), `recipient` (`from`), `signal`.
   * @returns The prepared flow (`intent.venue === "uniswap"`).
   * @throws {@link PrepareUniswapSwapErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.uniswap.prepareSwap(from, "USDC", "USDm", "100", { slippageBps: 30 });
   * ```
   */
  prepareSwap(
    from: string,
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: Omit<SwapOptions, "venue">,
  ): Promise<PrepareUniswapSwapReturnType>;
}

/**
 * The `uniswap` group as a decorator: `createSdkClient().extend(uniswapActions)` gives `client.uniswap`
 * ({@link UniswapActions}).
 *
 * @param client - Any preflow client.
 * @returns `{ uniswap }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, uniswapActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(uniswapActions);
 * const flow = await client.uniswap.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export function uniswapActions(client: SdkBaseClient): { uniswap: UniswapActions } {
  return {
    // Each action is loaded on its first call (a separate chunk in bundles); the options are checked before.
    uniswap: venueGroup(client, {
      quote: async () => (await import("./actions/getUniswapQuote.js")).getUniswapQuote,
      prepare: async () => (await import("./actions/prepareUniswapSwap.js")).prepareUniswapSwap,
    }),
  };
}
