import type { PrepareSwapErrorType, PrepareSwapParameters } from "../../../actions/swap/prepareSwap.js";
import { venuePrepareAction } from "../../../actions/swap/venueActions.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { uniswapV4Venue } from "../venue.js";

/**
 * Parameters of {@link prepareUniswapV4Swap}: as {@link prepareSwap} without `venue`.
 *
 * @example
 * ```ts
 * import type { PrepareUniswapV4SwapParameters } from "@preflow/core";
 * const parameters: PrepareUniswapV4SwapParameters = { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" };
 * ```
 */
export type PrepareUniswapV4SwapParameters = Omit<PrepareSwapParameters, "venue">;

/**
 * The return type of {@link prepareUniswapV4Swap}: `[approve Permit2 (only when short)], Permit2 approve, execute`.
 *
 * @example
 * ```ts
 * import type { PrepareUniswapV4SwapReturnType } from "@preflow/core";
 * const last = (flow: PrepareUniswapV4SwapReturnType) => flow.steps.at(-1);
 * ```
 */
export type PrepareUniswapV4SwapReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareUniswapV4Swap} throws: as {@link prepareSwap}.
 *
 * @example
 * ```ts
 * import type { PrepareUniswapV4SwapErrorType } from "@preflow/core";
 * ```
 */
export type PrepareUniswapV4SwapErrorType = PrepareSwapErrorType;

/**
 * Prepares a swap on Uniswap v4 only (as {@link prepareSwap} with `venue: "uniswap-v4"`): the token's `approve` of
 * exactly `amountIn` to Permit2 only when its allowance is short, Permit2's `approve(token, UniversalRouter,
 * amountIn, deadline)` (exact, expiring at the deadline), then the UniversalRouter's `execute(V4_SWAP)` with the
 * minimum output from the quote and `slippageBps`. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, the allowance of Permit2, block number and timestamp, and every tier's quote in one
 * Multicall3 call).
 *
 * @throws {@link PrepareUniswapV4SwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareUniswapV4Swap } from "@preflow/core";
 *
 * const flow = await prepareUniswapV4Swap(createSdkBaseClient(), { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // flow.steps.at(-1)!.call: { contract: "Uniswap UniversalRouter", functionName: "execute", args: [commands, inputs, deadline] }
 * ```
 */
export const prepareUniswapV4Swap = venuePrepareAction(uniswapV4Venue);
