const quoteOutputs = [
  { name: "amountOut", type: "uint256" },
  { name: "sqrtPriceX96AfterList", type: "uint160[]" },
  { name: "initializedTicksCrossedList", type: "uint32[]" },
  { name: "gasEstimate", type: "uint256" },
] as const;

/**
 * QuoterV2's two exact-input quotes, as a literal ABI (only what preflow calls). They are not `view`: the quoter
 * runs the pool's swap and reverts inside its own callback, but it catches that and returns normally to an outside
 * caller, so Multicall3 can batch them with `allowFailure` (a missing pool fails just its own entry).
 * @internal
 */
export const uniswapQuoterV2Abi = [
  {
    type: "function",
    name: "quoteExactInputSingle",
    stateMutability: "nonpayable",
    inputs: [
      {
        name: "params",
        type: "tuple",
        components: [
          { name: "tokenIn", type: "address" },
          { name: "tokenOut", type: "address" },
          { name: "amountIn", type: "uint256" },
          { name: "fee", type: "uint24" },
          { name: "sqrtPriceLimitX96", type: "uint160" },
        ],
      },
    ],
    outputs: [
      { name: "amountOut", type: "uint256" },
      { name: "sqrtPriceX96After", type: "uint160" },
      { name: "initializedTicksCrossed", type: "uint32" },
      { name: "gasEstimate", type: "uint256" },
    ],
  },
  {
    type: "function",
    name: "quoteExactInput",
    stateMutability: "nonpayable",
    inputs: [
      { name: "path", type: "bytes" },
      { name: "amountIn", type: "uint256" },
    ],
    outputs: quoteOutputs,
  },
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
  {
    type: "function",
    name: "exactInputSingle",
    stateMutability: "payable",
    inputs: [
      {
        name: "params",
        type: "tuple",
        components: [
          { name: "tokenIn", type: "address" },
          { name: "tokenOut", type: "address" },
          { name: "fee", type: "uint24" },
          { name: "recipient", type: "address" },
          { name: "amountIn", type: "uint256" },
          { name: "amountOutMinimum", type: "uint256" },
          { name: "sqrtPriceLimitX96", type: "uint160" },
        ],
      },
    ],
    outputs: [{ name: "amountOut", type: "uint256" }],
  },
  {
    type: "function",
    name: "exactInput",
    stateMutability: "payable",
    inputs: [
      {
        name: "params",
        type: "tuple",
        components: [
          { name: "path", type: "bytes" },
          { name: "recipient", type: "address" },
          { name: "amountIn", type: "uint256" },
          { name: "amountOutMinimum", type: "uint256" },
        ],
      },
    ],
    outputs: [{ name: "amountOut", type: "uint256" }],
  },
  {
    type: "function",
    name: "multicall",
    stateMutability: "payable",
    inputs: [
      { name: "deadline", type: "uint256" },
      { name: "data", type: "bytes[]" },
    ],
    outputs: [{ name: "results", type: "bytes[]" }],
  },
] as const;
