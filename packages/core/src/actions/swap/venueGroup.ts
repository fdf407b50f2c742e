import type { SdkBaseClient } from "../../clients/types.js";
import { type ActionOptions, throwIfAborted } from "../../rpc/createRpc.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import { parseOptions } from "../../validation/parseOptions.js";
import { parseSignal } from "../../validation/parseSignal.js";
import type { GetSwapQuotesParameters } from "./getSwapQuotes.js";
import { SWAP_OPTION_KEYS } from "./parseSwapParameters.js";
import type { PrepareSwapParameters, SwapOptions } from "./prepareSwap.js";

const OPTION_KEYS = SWAP_OPTION_KEYS.filter((key) => key !== "venue");

/** How a venue group loads its two actions (each on its first call: a separate chunk in bundles). @internal */
export interface VenueGroupLoaders<quote, flow> {
  quote: () => Promise<(client: SdkBaseClient, parameters: GetSwapQuotesParameters) => Promise<quote>>;
  prepare: () => Promise<
    (client: SdkBaseClient, parameters: Omit<PrepareSwapParameters, "venue">) => Promise<flow>
  >;
}

/**
 * The members of a one-venue swap group (`client.uniswap`, `client.mento`), built the same way for every venue:
 * the options checked before anything loads or is sent, then the venue's action loaded on its first call. @internal
 */
export function venueGroup<quote, flow>(
  client: SdkBaseClient,
  load: VenueGroupLoaders<quote, flow>,
): {
  getQuote(
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: ActionOptions,
  ): Promise<quote>;
  prepareSwap(
    from: string,
    tokenIn: TokenInput,
    tokenOut: TokenInput,
    amountIn: string,
    options?: Omit<SwapOptions, "venue">,
  ): Promise<flow>;
} {
  return Object.freeze({
    getQuote: async (
      tokenIn: TokenInput,
      tokenOut: TokenInput,
      amountIn: string,
      options?: ActionOptions,
    ) => {
      const parameters = { ...parseOptions(options), tokenIn, tokenOut, amountIn };
      throwIfAborted(parseSignal((parameters as { signal?: unknown }).signal), "eth_call");
      return (await load.quote())(client, parameters);
    },
    prepareSwap: async (
      from: string,
      tokenIn: TokenInput,
      tokenOut: TokenInput,
      amountIn: string,
      options?: Omit<SwapOptions, "venue">,
    ) => {
      const parameters = { ...parseOptions(options, OPTION_KEYS), from, tokenIn, tokenOut, amountIn };
      throwIfAborted(parseSignal((parameters as { signal?: unknown }).signal), "eth_call");
      return (await load.prepare())(client, parameters);
    },
  });
}
