import type { SdkBaseClient } from "../../clients/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import { parseOptions } from "../../validation/parseOptions.js";
import type { GetSwapQuotesParameters } from "./getSwapQuotes.js";
import { SWAP_OPTION_KEYS } from "./parseSwapParameters.js";
import type { PrepareSwapParameters, SwapOptions } from "./prepareSwap.js";

/**
 * A venue group's two actions (each the exported action of the venue's `lazyActions.ts`, which loads its module
 * on its first call). @internal
 */
export interface VenueGroupActions<quote, flow> {
  quote: (client: SdkBaseClient, parameters: GetSwapQuotesParameters) => Promise<quote>;
  prepare: (client: SdkBaseClient, parameters: Omit<PrepareSwapParameters, "venue">) => Promise<flow>;
}

/**
 * The members of a one-venue swap group (`client.uniswap`, `client.mento`; {@link UniswapActions},
 * {@link MentoActions}): the venue's quote and its prepared swap, in the client's positional form. Each member is
 * its venue's exported action ({@link getUniswapQuote} / {@link prepareUniswapSwap}, {@link getMentoQuote} /
 * {@link prepareMentoSwap}), loaded on its first call; the options are checked before.
 *
 * @example
 * ```ts
 * import { createSdkClient, uniswapActions, type VenueActions } from "@preflow/core";
 * const venue: VenueActions<unknown, unknown> = createSdkClient().extend(uniswapActions).uniswap;
 * ```
 */
export interface VenueActions<quote, flow> {
  /**
   * The venue's best quote for selling `amountIn` of `tokenIn` for `tokenOut` (its routes: see the venue's quote
   * action). The client form of {@link getUniswapQuote} / {@link getMentoQuote}.
   *
   * HTTP requests: 1.
   *
   * @param tokenIn - The token sold: a registry symbol or a listed token's address.
   * @param tokenOut - The token bought (not `tokenIn`).
   * @param amountIn - A human decimal string, exact to `tokenIn`'s decimals.
   * @param options - `{ signal }`: stops waiting for the node (`RequestAbortedError`).
   * @returns The quote `{ venue, amountOut, amountOutFormatted, route, fee, blockNumber, ... }`.
   * @throws {@link GetSwapQuotesErrorType} (as {@link GetUniswapQuoteErrorType} and {@link GetMentoQuoteErrorType})
   *
   * @example
   * ```ts
   * const { amountOutFormatted, route } = await client.uniswap.getQuote("USDC", "USDm", "100");
   * const mento = await client.mento.getQuote("USDC", "USDm", "100");
   * ```
   */
  getQuote(
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: ActionOptions,
  ): Promise<quote>;
  /**
   * Prepares a swap on the venue: an exact approve to its router only when the allowance is short, then the swap
   * with the minimum output from the quote and `slippageBps`, and the deadline. The client form of
   * {@link prepareUniswapSwap} / {@link prepareMentoSwap}.
   *
   * HTTP requests: 1.
   *
   * @param from - The seller (the account that will sign).
   * @param tokenIn - The token sold.
   * @param tokenOut - The token bought.
   * @param amountIn - A human decimal string, exact to `tokenIn`'s decimals.
   * @param options - `slippageBps` (50), `deadlineSeconds` (300), `recipient` (`from`), `signal`.
   * @returns The prepared flow (`intent.venue` is the venue).
   * @throws {@link PrepareSwapErrorType} (as {@link PrepareUniswapSwapErrorType} and {@link PrepareMentoSwapErrorType})
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
  ): Promise<flow>;
}

/**
 * The members of a one-venue swap group (`client.uniswap`, `client.mento`), built the same way for every venue:
 * the options checked before anything loads or is sent, then the venue's action loaded on its first call. @internal
 */
export function venueGroup<quote, flow>(
  client: SdkBaseClient,
  actions: VenueGroupActions<quote, flow>,
): VenueActions<quote, flow> {
  return Object.freeze({
    getQuote: async (tokenIn: TokenInput, tokenOut: TokenInput, amountIn: string, options?: ActionOptions) =>
      actions.quote(client, { ...parseOptions(options), tokenIn, tokenOut, amountIn }),
    prepareSwap: async (
      from: string,
      tokenIn: TokenInput,
      tokenOut: TokenInput,
      amountIn: string,
      options?: Omit<SwapOptions, "venue">,
    ) =>
      actions.prepare(client, {
        ...parseOptions(
          options,
          SWAP_OPTION_KEYS.filter((key) => key !== "venue"),
        ),
        from,
        tokenIn,
        tokenOut,
        amountIn,
      }),
  });
}
