import { functionAbi, param, tuple } from "../../abi/functionAbi.js";

const amountIn = param("uint256", "amountIn");
const amountOut = param("uint256", "amountOut");
const sqrtPriceLimitX96 = param("uint160", "sqrtPriceLimitX96");
const quoteOutputs = [
  amountOut,
  param("uint160[]", "sqrtPriceX96AfterList"),
  param("uint32[]", "initializedTicksCrossedList"),
  param("uint256", "gasEstimate"),
] as const;

/**
 * QuoterV2's two exact-input quotes, as a literal ABI (only what preflow calls). They are not `view`: the quoter
 * runs the pool's swap and reverts inside its own callback, but it catches that and returns normally to an outside
 * caller, so Multicall3 can batch them with `allowFailure` (a missing pool fails just its own entry).
 * @internal
 */
export const uniswapQuoterV2Abi = [
  functionAbi(
    "quoteExactInputSingle",
    "nonpayable",
    [
      tuple("tuple", "params", [
        param("address", "tokenIn"),
        param("address", "tokenOut"),
        amountIn,
        param("uint24", "fee"),
        sqrtPriceLimitX96,
      ]),
    ],
    [
      amountOut,
      param("uint160", "sqrtPriceX96After"),
      param("uint32", "initializedTicksCrossed"),
      param("uint256", "gasEstimate"),
    ],
  ),
  functionAbi("quoteExactInput", "nonpayable", [param("bytes", "path"), amountIn], quoteOutputs),
] as const;

/**
 * SwapRouter02's exact-input swaps and its deadline multicall, as a literal ABI. SwapRouter02's structs have no
 * deadline field: the deadline is the first argument of `multicall(uint256 deadline, bytes[] data)`, which
 * reverts with "Transaction too old" after it.
 *
 * @example
 * ```ts
 * import { decodeFunctionData } from "viem";
 * import { uniswapSwapRouter02Abi } from "@preflow/core";
 * const { functionName, args } = decodeFunctionData({ abi: uniswapSwapRouter02Abi, data: flow.steps.at(-1)!.data });
 * ```
 */
export const uniswapSwapRouter02Abi = [
  functionAbi(
    "exactInputSingle",
    "payable",
    [
      tuple("tuple", "params", [
        param("address", "tokenIn"),
        param("address", "tokenOut"),
        param("uint24", "fee"),
        param("address", "recipient"),
        amountIn,
        param("uint256", "amountOutMinimum"),
        sqrtPriceLimitX96,
      ]),
    ],
    [amountOut],
  ),
  functionAbi(
    "exactInput",
    "payable",
    [
      tuple("tuple", "params", [
        param("bytes", "path"),
        param("address", "recipient"),
        amountIn,
        param("uint256", "amountOutMinimum"),
      ]),
    ],
    [amountOut],
  ),
  functionAbi(
    "multicall",
    "payable",
    [param("uint256", "deadline"), param("bytes[]", "data")],
    [param("bytes[]", "results")],
  ),
] as const;

/**
 * SwapRouter02's deadline-less `multicall(bytes[])`: preflow prepares the deadline form, and its step decoder
 * recognises both. @internal
 */
export const uniswapMulticallWithoutDeadlineAbi = [
  functionAbi("multicall", "payable", [param("bytes[]", "data")], [param("bytes[]", "results")]),
] as const;
