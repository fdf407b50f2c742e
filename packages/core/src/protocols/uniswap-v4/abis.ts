import { functionAbi, param } from "../../abi/functionAbi.js";

/**
 * The UniversalRouter's `execute(commands, inputs, deadline)`, as a literal ABI: each byte of `commands` is a
 * command (`0x10` = `V4_SWAP`) taking the input of the same index; it reverts with `TransactionDeadlinePassed`
 * after `deadline`.
 *
 * @example
 * ```ts
 * import { decodeFunctionData } from "viem";
 * import { universalRouterAbi } from "@preflow/core";
 * const { args } = decodeFunctionData({ abi: universalRouterAbi, data: flow.steps.at(-1)!.data });
 * ```
 */
export const universalRouterAbi = [
  functionAbi(
    "execute",
    "payable",
    [param("bytes", "commands"), param("bytes[]", "inputs"), param("uint256", "deadline")],
    [],
  ),
] as const;

/**
 * Permit2's allowance-transfer `approve` and `allowance`, as a literal ABI: `approve(token, spender, amount,
 * expiration)` lets `spender` pull up to `amount` of `token` through Permit2 until `expiration` (unix seconds);
 * each pull lowers it.
 *
 * @example
 * ```ts
 * import { decodeFunctionData } from "viem";
 * import { permit2Abi } from "@preflow/core";
 * const { args } = decodeFunctionData({ abi: permit2Abi, data: permit2Step.data });
 * ```
 */
export const permit2Abi = [
  functionAbi(
    "approve",
    "nonpayable",
    [
      param("address", "token"),
      param("address", "spender"),
      param("uint160", "amount"),
      param("uint48", "expiration"),
    ],
    [],
  ),
  functionAbi(
    "allowance",
    "view",
    [param("address", "user"), param("address", "token"), param("address", "spender")],
    [param("uint160", "amount"), param("uint48", "expiration"), param("uint48", "nonce")],
  ),
] as const;
