import { functionAbi, param, tuple } from "../../abi/functionAbi.js";

const routes = tuple("tuple[]", "routes", [
  param("address", "from"),
  param("address", "to"),
  param("address", "factory"),
]);
const amounts = [param("uint256[]", "amounts")] as const;

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
  functionAbi("getAmountsOut", "view", [param("uint256", "amountIn"), routes], amounts),
  functionAbi(
    "swapExactTokensForTokens",
    "nonpayable",
    [
      param("uint256", "amountIn"),
      param("uint256", "amountOutMin"),
      routes,
      param("address", "to"),
      param("uint256", "deadline"),
    ],
    amounts,
  ),
] as const;
