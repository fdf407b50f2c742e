import type { GetSwapQuotesParameters } from "../../../actions/swap/getSwapQuotes.js";
import { quoteOnVenue } from "../../../actions/swap/quoteOnVenue.js";
import type { SwapQuote } from "../../../actions/swap/types.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InvalidAmountError } from "../../../errors/amount.js";
import type { InvalidArgumentError } from "../../../errors/argument.js";
import type { ChainMismatchError } from "../../../errors/chain.js";
import type { RequestAbortedError, RpcError, RpcRateLimitedError } from "../../../errors/rpc.js";
import type { NoRouteError, ZeroQuoteError } from "../../../errors/swap.js";
import type { UnknownTokenError } from "../../../errors/token.js";
import { uniswapVenue } from "../venue.js";

/**
 * Parameters of {@link getUniswapQuote}: the same as {@link getSwapQuotes}'. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetUniswapQuoteParameters } from "@preflow/core";
 * const parameters: GetUniswapQuoteParameters = { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" };
 * ```
 */
export type GetUniswapQuoteParameters = GetSwapQuotesParameters;

/**
 * The return type of {@link getUniswapQuote}: the venue's best quote and the block read at.
 *
 * @example
 * ```ts
 * import type { GetUniswapQuoteReturnType } from "@preflow/core";
 * const { amountOut, route }: GetUniswapQuoteReturnType = await client.uniswap.getQuote("USDC", "USDm", "100");
 * ```
 */
export type GetUniswapQuoteReturnType = SwapQuote & {
  /** The block the quote was read at, decimal string. */
  blockNumber: string;
};

/**
 * The errors {@link getUniswapQuote} throws.
 *
 * @example
 * ```ts
 * import type { GetUniswapQuoteErrorType } from "@preflow/core";
 * ```
 */
export type GetUniswapQuoteErrorType =
  | InvalidArgumentError
  | UnknownTokenError
  | InvalidAmountError
  | NoRouteError
  | ZeroQuoteError
  | ChainMismatchError
  | RpcError
  | RpcRateLimitedError
  | RequestAbortedError;

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on Uniswap v3 through QuoterV2: the pair's pool at every fee tier (100, 500, 3000, 10000) and every two-hop path through USDm, USDC or CELO at every pair of tiers, and returns the best (largest output; fewer hops, then lower fees on a tie). A read (reported to telemetry as `uniswap.getQuote`).
 *
 * HTTP requests: 1 (every route's quote and the block number in one Multicall3 call).
 *
 * @throws {@link GetUniswapQuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getUniswapQuote } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const quote = await getUniswapQuote(client, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // { venue: "uniswap", amountOut, amountOutFormatted, route: [USDC, 100, USDm], fee: [100], blockNumber, ... }
 * ```
 */
export async function getUniswapQuote(
  client: SdkBaseClient,
  parameters: GetUniswapQuoteParameters,
): Promise<GetUniswapQuoteReturnType> {
  return quoteOnVenue(client, parameters, uniswapVenue);
}
