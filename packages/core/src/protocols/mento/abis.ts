const routes = {
  name: "routes",
  type: "tuple[]",
  components: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "factory", type: "address" },
  ],
} as const;

/**
 * The Mento Router's quote and exact-input swap, as a literal ABI (only what preflow calls). A route's `factory`
 * of zero means the router's default pool factory.
 *
 * @example
 * ```ts
 * import { decodeFunctionData } from "viem";
 * import { mentoRouterAbi } from "@preflow/core";
 * const { args } = decodeFunctionData({ abi: mentoRouterAbi, data: flow.steps.at(-1)!.data });
 * ```
 */
export const mentoRouterAbi = [
  {
    type: "function",
    name: "getAmountsOut",
    stateMutability: "view",
    inputs: [{ name: "amountIn", type: "uint256" }, routes],
    outputs: [{ name: "amounts", type: "uint256[]" }],
  },
  {
    type: "function",
    name: "swapExactTokensForTokens",
    stateMutability: "nonpayable",
    inputs: [
      { name: "amountIn", type: "uint256" },
      { name: "amountOutMin", type: "uint256" },
      routes,
      { name: "to", type: "address" },
      { name: "deadline", type: "uint256" },
    ],
    outputs: [{ name: "amounts", type: "uint256[]" }],
  },
] as const;
