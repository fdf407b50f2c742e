import type { GetSwapQuotesReturnType } from "../actions/swap/getSwapQuotes.js";
import { getSwapQuotes, prepareSwap } from "../actions/swap/lazyActions.js";
import { SWAP_OPTION_KEYS } from "../actions/swap/parseSwapParameters.js";
import type { PrepareSwapReturnType, SwapOptions } from "../actions/swap/prepareSwap.js";
import type { SdkBaseClient } from "../clients/types.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import type { TokenInput } from "../tokens/resolveToken.js";
import { parseOptions } from "../validation/parseOptions.js";

/**
 * `client.swap`: quotes on every venue (Uniswap v3, Mento v3) and swaps on the best, as prepared flows. Not part
 * of {@link createSdkClient}'s default groups (keeps the default bundle small): add it with
 * `client.extend(swapActions)`. One HTTP request each.
 *
 * @example
 * ```ts
 * import { createSdkClient, swapActions } from "@preflow/core";
 * const client = createSdkClient().extend(swapActions);
 * const { best } = await client.swap.getQuotes("USDC", "USDm", "100");
 * ```
 */
export interface SwapActions {
  /**
   * Every venue's quote for selling `amountIn` of `tokenIn` for `tokenOut`, and the best. The client form of the
   * exported action {@link getSwapQuotes}.
   *
   * HTTP requests: 1.
   *
   * @param tokenIn - The token sold: a registry symbol or a listed token's address.
   * @param tokenOut - The token bought (not `tokenIn`).
   * @param amountIn - A human decimal string (`"100"`), exact to `tokenIn`'s decimals.
   * @param options - `{ signal }`: stops waiting for the node (`RequestAbortedError`).
   * @returns `{ quotes, best, noRoute, blockNumber }`; each quote `{ venue, amountOut, amountOutFormatted, route, fee, ... }`.
   * @throws {@link GetSwapQuotesErrorType}
   *
   * @example
   * ```ts
   * const { best, quotes } = await client.swap.getQuotes("USDC", "USDm", "100");
   * console.log(best.venue, best.amountOutFormatted);
   * ```
   */
  getQuotes(
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: ActionOptions,
  ): Promise<GetSwapQuotesReturnType>;
  /**
   * Prepares a swap on the best venue (or `options.venue`): an exact approve to the venue's router only when the
   * allowance is short, then the swap with the minimum output from the quote and `slippageBps`, and the deadline.
   * The client form of the exported action {@link prepareSwap}.
   *
   * HTTP requests: 1 (balance, allowances, block number and timestamp, every quote).
   *
   * @param from - The seller (the account that will sign).
   * @param tokenIn - The token sold.
   * @param tokenOut - The token bought.
   * @param amountIn - A human decimal string, exact to `tokenIn`'s decimals.
   * @param options - {@link SwapOptions}: `venue` (`"best"`), `slippageBps` (50), `deadlineSeconds` (300), `recipient` (`from`), `feeCurrency` (who pays the gas: the client's default, else CELO), `signal`.
   * @returns The prepared flow (`intent.kind === "swap"`, `expiresAt` = the deadline).
   * @throws {@link PrepareSwapErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.swap.prepareSwap(from, "USDC", "USDm", "100", { slippageBps: 30 });
   * // flow.steps: [approve 100 USDC to the router (if needed), swap]
   * ```
   */
  prepareSwap(
    from: string,
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: SwapOptions,
  ): Promise<PrepareSwapReturnType>;
}

/**
 * The `swap` group as a decorator: `createSdkClient().extend(swapActions)` gives `client.swap`
 * ({@link SwapActions}). Not in {@link createSdkClient}'s defaults, so that apps that do not swap do not bundle it.
 *
 * @param client - Any preflow client.
 * @returns `{ swap }`.
 *
 * @example
 * ```ts
 * import { createSdkClient, swapActions } from "@preflow/core";
 * const client = createSdkClient().extend(swapActions);
 * const flow = await client.swap.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export function swapActions(client: SdkBaseClient): { swap: SwapActions } {
  return {
    swap: Object.freeze({
      getQuotes: async (
        tokenIn: TokenInput,
        tokenOut: TokenInput,
        amountIn: string,
        options?: ActionOptions,
      ) => getSwapQuotes(client, { ...parseOptions(options), tokenIn, tokenOut, amountIn }),
      prepareSwap: async (
        from: string,
        tokenIn: TokenInput,
        tokenOut: TokenInput,
        amountIn: string,
        options?: SwapOptions,
      ) =>
        prepareSwap(client, {
          ...parseOptions(options, SWAP_OPTION_KEYS),
          from,
          tokenIn,
          tokenOut,
          amountIn,
        }),
    }),
  };
}
