import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAmountError } from "../../errors/amount.js";
import type { NoRouteError, ZeroQuoteError } from "../../errors/swap.js";
import type { UnknownTokenError } from "../../errors/token.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import { loadSwapVenues } from "./loadSwapVenues.js";
import { parseSwapQuoteParameters } from "./parseSwapParameters.js";
import { quoteOnVenues } from "./quoteOnVenues.js";
import type { SwapQuote, SwapVenue } from "./types.js";

/**
 * Parameters of {@link getSwapQuotes}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetSwapQuotesParameters } from "@preflow/core";
 * const parameters: GetSwapQuotesParameters = { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" };
 * ```
 */
export interface GetSwapQuotesParameters extends ActionOptions {
  /** The token sold: a registry symbol (`"USDC"`, `"cUSD"`...) or a listed token's address. */
  tokenIn: TokenInput;
  /** The token bought (not `tokenIn`). */
  tokenOut: TokenInput;
  /** How much `tokenIn` to sell, a human decimal string (`"100"`), exact to its decimals. */
  amountIn: string;
}

/**
 * The return type of {@link getSwapQuotes}: each venue's best quote, the best of all, and the block read at.
 *
 * @example
 * ```ts
 * import type { GetSwapQuotesReturnType } from "@preflow/core";
 * const { best, quotes }: GetSwapQuotesReturnType = await client.swap.getQuotes("USDC", "USDm", "100");
 * ```
 */
export interface GetSwapQuotesReturnType {
  /** One quote per venue that has a route with a positive output, in registry order (`uniswap`, `uniswap-v4`, `mento`). */
  quotes: SwapQuote[];
  /** The quote with the largest `amountOut` (Uniswap on a tie). */
  best: SwapQuote;
  /** Venues without a route for the pair (or that quote zero). */
  noRoute: SwapVenue[];
  /** The block the quotes were read at, decimal string. */
  blockNumber: string;
}

/**
 * The errors {@link getSwapQuotes} throws.
 *
 * @example
 * ```ts
 * import type { GetSwapQuotesErrorType } from "@preflow/core";
 * ```
 */
export type GetSwapQuotesErrorType =
  | UnknownTokenError
  | InvalidAmountError
  | NoRouteError
  | ZeroQuoteError
  | ReadBatchErrorType;

/**
 * Quotes selling `amountIn` of `tokenIn` for `tokenOut` on every venue: Uniswap v3 (the pair's pool at every fee
 * tier, and two-hop paths through USDm, USDC or CELO at every pair of tiers, through QuoterV2) and Mento v3 (the
 * pair's FPMM pool and the path through USDm, through the Router's `getAmountsOut`), and picks the best. A read
 * (reported to telemetry as `swap.getQuotes`).
 *
 * HTTP requests: 1 (every quote and the block number in one Multicall3 call; the first call's chain check folded in).
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
 */
export async function getSwapQuotes(
  client: SdkBaseClient,
  parameters: GetSwapQuotesParameters,
): Promise<GetSwapQuotesReturnType> {
  const parsed = parseSwapQuoteParameters(parameters);
  return client.track("swap.getQuotes", undefined, async () =>
    quoteOnVenues(client, parsed, await loadSwapVenues("best")),
  );
}
