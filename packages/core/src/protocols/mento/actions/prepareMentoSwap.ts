import type { PrepareSwapErrorType, PrepareSwapParameters } from "../../../actions/swap/prepareSwap.js";
import { venuePrepareAction } from "../../../actions/swap/venueActions.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { mentoVenue } from "../venue.js";

/**
 * Parameters of {@link prepareMentoSwap}: those of {@link prepareSwap} without `venue`. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareMentoSwapParameters } from "@preflow/core";
 * const parameters: PrepareMentoSwapParameters = { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100", slippageBps: 30 };
 * ```
 */
export type PrepareMentoSwapParameters = Omit<PrepareSwapParameters, "venue">;

/**
 * The return type of {@link prepareMentoSwap}: `[approve (only when needed)], swap` with the swap `intent`,
 * `preparedAt` and `expiresAt`.
 *
 * @example
 * ```ts
 * import type { PrepareMentoSwapReturnType } from "@preflow/core";
 * const flow: PrepareMentoSwapReturnType = await client.mento.prepareSwap(from, "USDC", "USDm", "100");
 * ```
 */
export type PrepareMentoSwapReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareMentoSwap} throws (those of {@link prepareSwap}).
 *
 * @example
 * ```ts
 * import type { PrepareMentoSwapErrorType } from "@preflow/core";
 * ```
 */
export type PrepareMentoSwapErrorType = PrepareSwapErrorType;

/**
 * Prepares a swap on Mento v3 only: the better of the pair's FPMM pool and the path through USDm (as {@link getMentoQuote}), swapped with the Router's `swapExactTokensForTokens(amountIn, amountOutMin, routes, to, deadline)`. An exact `approve` of `amountIn` to the Mento Router comes first only
 * when its allowance is short. Otherwise as {@link prepareSwap} with `venue: "mento"`. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, allowance, block number and timestamp, and every route's quote in one Multicall3 call).
 *
 * @throws {@link PrepareMentoSwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareMentoSwap } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareMentoSwap(client, { from, tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" });
 * // flow.steps.at(-1)!.call: { contract: "Mento Router", functionName: "swapExactTokensForTokens", args: [amountIn, amountOutMin, routes, to, deadline] }
 * ```
 */
export const prepareMentoSwap = venuePrepareAction(mentoVenue);
