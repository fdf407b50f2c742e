import type { SdkBaseClient } from "../../clients/types.js";
import type { InsufficientBalanceError, InvalidAmountError } from "../../errors/amount.js";
import type { NoRouteError, ZeroQuoteError } from "../../errors/swap.js";
import type { TokenReadError } from "../../errors/token.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../fees/flowFee.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import type { TokenCallErrorType } from "../../tokens/tokenCallErrors.js";
import { loadSwapVenues } from "./loadSwapVenues.js";
import { parsePrepareSwapParameters } from "./parseSwapParameters.js";
import { prepareSwapOnVenues } from "./prepareSwapOnVenues.js";
import type { SwapVenueChoice } from "./types.js";

/**
 * The options of a swap preparation (the last argument of the client's `prepareSwap`).
 *
 * @example
 * ```ts
 * import type { SwapOptions } from "@preflow/core";
 * const options: SwapOptions = { venue: "best", slippageBps: 30, deadlineSeconds: 120 };
 * ```
 */
export interface SwapOptions extends FeeCurrencyOption, ActionOptions {
  /**
   * `"best"` (default): the venue with the largest quote; a registered venue (`"uniswap"`, `"uniswap-v4"`,
   * `"mento"`; {@link SwapVenue}): only that venue.
   */
  venue?: SwapVenueChoice | undefined;
  /** Tolerated slippage in basis points, an integer in 0…5000; default 50 (0.5 %). */
  slippageBps?: number | undefined;
  /** Seconds after the block read at until the swap reverts, an integer in 1…86400; default 300. */
  deadlineSeconds?: number | undefined;
  /** Who receives `tokenOut`; default `from`. Never the zero address. */
  recipient?: string | undefined;
}

/**
 * Parameters of {@link prepareSwap}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareSwapParameters } from "@preflow/core";
 * const parameters: PrepareSwapParameters = { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100", slippageBps: 30 };
 * ```
 */
export interface PrepareSwapParameters extends SwapOptions {
  /** The seller (the account that will sign). */
  from: string;
  /** The token sold: a registry symbol (`"USDC"`, `"cUSD"`...) or a listed token's address. */
  tokenIn: TokenInput;
  /** The token bought (not `tokenIn`). */
  tokenOut: TokenInput;
  /** How much `tokenIn` to sell, a human decimal string (`"100"`), exact to its decimals. */
  amountIn: string;
}

/**
 * The return type of {@link prepareSwap}: `[approve (only when needed)], swap`, with `intent`
 * `{ kind: "swap", ... }`, `preparedAt` and `expiresAt` (= the swap's deadline).
 *
 * @example
 * ```ts
 * import type { PrepareSwapReturnType } from "@preflow/core";
 * const flow: PrepareSwapReturnType = await client.swap.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export type PrepareSwapReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareSwap} throws (every one an `SdkError`): bad input before any I/O (`InvalidArgumentError`,
 * `InvalidAddressError`, `UnknownTokenError`, `InvalidAmountError`); `NoRouteError` or `ZeroQuoteError`;
 * `InsufficientBalanceError`; `TokenReadError`; the fee's errors ({@link FeeErrorType}); the request's failures
 * (`ChainMismatchError`, `RpcError`, `RpcRateLimitedError`, `RequestAbortedError`).
 *
 * @example
 * ```ts
 * import type { PrepareSwapErrorType } from "@preflow/core";
 * ```
 */
export type PrepareSwapErrorType =
  | TokenCallErrorType
  | InvalidAmountError
  | NoRouteError
  | ZeroQuoteError
  | InsufficientBalanceError
  | TokenReadError
  | FeeErrorType;

/**
 * Prepares selling `amountIn` of `tokenIn` for `tokenOut` on the best venue (or the one asked for): quotes every
 * venue as {@link getSwapQuotes} does, checks the balance, adds an `approve` of exactly `amountIn` to the chosen
 * venue's router only when its allowance is short, then the swap with `minAmountOut = floor(quote × (10000 −
 * slippageBps) / 10000)` and `deadline` = the later of the block's timestamp and the local clock, + `deadlineSeconds`:
 *
 * - Uniswap: SwapRouter02 `multicall(deadline, [exactInputSingle(...)])` (one pool) or `[exactInput(...)]`
 *   (a two-hop path); `call` = `{ contract: "Uniswap SwapRouter02", functionName: "multicall",
 *   args: [deadline, [{ functionName, args: [params] }]] }`.
 * - Mento: Router `swapExactTokensForTokens(amountIn, amountOutMin, routes, to, deadline)`.
 *
 * The flow carries `intent` `{ kind: "swap", venue, tokenIn, tokenOut, amountIn, expectedAmountOut, minAmountOut,
 * deadline, route }` (addresses; base units as decimal strings), `preparedAt` and `expiresAt` (= `deadline`).
 * Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, both routers' allowances, block number and timestamp, and every quote in one Multicall3
 * call; the first call's chain check folded in). Paying gas in a fee currency (`feeCurrency`, or the client's
 * default), the same JSON-RPC batch also carries the fee's reads, the gas price and, for every route a venue
 * considers, an `eth_simulateV1` of `[approve, swap]` (the swap with a minimum output of 1 and a later deadline:
 * the same gas but for calldata, which is added when it settles); the chosen route's figures make the fee.
 *
 * @throws {@link PrepareSwapErrorType} (with a fee currency, `InsufficientBalanceError` covers `amountIn` plus
 *   `fee.max` when the fee is paid in `tokenIn`).
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareSwap } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareSwap(client, {
 *   from: "0x1111111111111111111111111111111111111111",
 *   tokenIn: "USDC",
 *   tokenOut: "USDm",
 *   amountIn: "100",
 *   slippageBps: 30,
 * });
 * // flow.steps: [approve USDC 100 to the router (if needed), swap]; flow.intent.minAmountOut; flow.expiresAt
 * ```
 */
export async function prepareSwap(
  client: SdkBaseClient,
  parameters: PrepareSwapParameters,
): Promise<PrepareSwapReturnType> {
  const parsed = parsePrepareSwapParameters(parameters, true);
  return prepareSwapOnVenues(client, parsed, await loadSwapVenues(parsed.venue));
}
