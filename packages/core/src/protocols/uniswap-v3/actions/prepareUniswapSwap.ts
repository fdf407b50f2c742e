import type { PrepareSwapErrorType, PrepareSwapParameters } from "../../../actions/swap/prepareSwap.js";
import { venuePrepareAction } from "../../../actions/swap/venueActions.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { uniswapVenue } from "../venue.js";

/**
 * Parameters of {@link prepareUniswapSwap}: those of {@link prepareSwap} without `venue`. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareUniswapSwapParameters } from "@preflow/core";
 * const parameters: PrepareUniswapSwapParameters = { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100", slippageBps: 30 };
 * ```
 */
export type PrepareUniswapSwapParameters = Omit<PrepareSwapParameters, "venue">;

/**
 * The return type of {@link prepareUniswapSwap}: `[approve (only when needed)], swap` with the swap `intent`,
 * `preparedAt` and `expiresAt`.
 *
 * @example
 * ```ts
 * import type { PrepareUniswapSwapReturnType } from "@preflow/core";
 * const flow: PrepareUniswapSwapReturnType = await client.uniswap.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export type PrepareUniswapSwapReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareUniswapSwap} throws (those of {@link prepareSwap}).
 *
 * @example
 * ```ts
 * import type { PrepareUniswapSwapErrorType } from "@preflow/core";
 * ```
 */
export type PrepareUniswapSwapErrorType = PrepareSwapErrorType;

/**
 * Prepares a swap on Uniswap v3 only: the best pool or two-hop path (as {@link getUniswapQuote}), swapped through SwapRouter02 `multicall(deadline, [exactInputSingle | exactInput])` (SwapRouter02's structs have no deadline field). An exact `approve` of `amountIn` to SwapRouter02 comes first only
 * when its allowance is short. Otherwise as {@link prepareSwap} with `venue: "uniswap"`. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, allowance, block number and timestamp, and every route's quote in one Multicall3 call).
 *
 * @throws {@link PrepareUniswapSwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareUniswapSwap } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareUniswapSwap(client, { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // flow.steps.at(-1)!.call: { contract: "Uniswap SwapRouter02", functionName: "multicall", args: [deadline, [{ functionName: "exactInputSingle", args: [params] }]] }
 * ```
 */
export const prepareUniswapSwap = venuePrepareAction(uniswapVenue);
