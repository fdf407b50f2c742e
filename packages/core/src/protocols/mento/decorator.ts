import type { SwapOptions } from "../../actions/swap/prepareSwap.js";
import { venueGroup } from "../../actions/swap/venueGroup.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
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
export interface MentoActions {
  /**
   * The best Mento v3 quote: the pair's FPMM pool, or the path through USDm. The client form of the exported action {@link getMentoQuote}.
   *
   * HTTP requests: 1.
   *
   * @param tokenIn - The token sold: a registry symbol or a listed token's address.
   * @param tokenOut - The token bought (not `tokenIn`).
   * @param amountIn - A human decimal string, exact to `tokenIn`'s decimals.
   * @param options - `{ signal }`: stops waiting for the node (`RequestAbortedError`).
   * @returns The quote `{ venue: "mento", amountOut, amountOutFormatted, route, fee, blockNumber, ... }`.
   * @throws {@link GetMentoQuoteErrorType}
   *
   * @example
   * ```ts
   * const { amountOutFormatted, route } = await client.mento.getQuote("USDC", "USDm", "100");
   * ```
   */
  getQuote(
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: ActionOptions,
  ): Promise<GetMentoQuoteReturnType>;
  /**
   * Prepares a swap on Mento v3: an exact approve to the Mento Router only when the allowance is short, then the swap with
   * the minimum output from the quote and `slippageBps`, and the deadline. The client form of the exported action
   * {@link prepareMentoSwap}.
   *
   * HTTP requests: 1.
   *
   * @param from - The seller (the account that will sign).
   * @param tokenIn - The token sold.
   * @param tokenOut - The token bought.
   * @param amountIn - A human decimal string, exact to `tokenIn`'s decimals.
   * @param options - `slippageBps` (50), `deadlineSeconds` (300), `recipient` (`from`), `signal`.
   * @returns The prepared flow (`intent.venue === "mento"`).
   * @throws {@link PrepareMentoSwapErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.mento.prepareSwap(from, "USDC", "USDm", "100", { slippageBps: 30 });
   * ```
   */
  prepareSwap(
    from: string,
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: Omit<SwapOptions, "venue">,
  ): Promise<PrepareMentoSwapReturnType>;
}

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
export function mentoActions(client: SdkBaseClient): { mento: MentoActions } {
  return {
    // Each action is loaded on its first call (a separate chunk in bundles); the options are checked before.
    mento: venueGroup(client, {
      quote: async () => (await import("./actions/getMentoQuote.js")).getMentoQuote,
      prepare: async () => (await import("./actions/prepareMentoSwap.js")).prepareMentoSwap,
    }),
  };
}
