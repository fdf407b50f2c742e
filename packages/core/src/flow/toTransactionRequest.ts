import type { Address, Hex } from "viem";
import { InvalidPreparedFlowError } from "../errors/preparedFlow.js";
import type { FlowFee } from "../fees/flowFeeType.js";
import type { PreparedStep } from "./types.js";

/**
 * A viem/wagmi-ready transaction request.
 *
 * @example
 * ```ts
 * import type { TransactionRequestOfStep } from "@preflow/core";
 * const request: TransactionRequestOfStep = { to: "0x...", data: "0x...", value: 0n };
 * ```
 */
export interface TransactionRequestOfStep {
  to: Address;
  data: Hex;
  value: bigint;
  /** CIP-64: present when the step pays gas in a fee currency (a viem wallet on the `celo` chain signs type 0x7b). */
  feeCurrency?: Address;
  /** With `flow.fee` given: the step's gas limit and fee caps (in the fee currency), so the fee stays <= `fee.max`. */
  gas?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

/**
 * Turns a prepared step into `{ to, data, value: bigint }`, ready for viem's or wagmi's `sendTransaction`, with
 * `feeCurrency` when the step pays gas in a fee currency (and, given the flow's `fee`, its `gas`, `maxFeePerGas`
 * and `maxPriorityFeePerGas`). Throws {@link InvalidPreparedFlowError} if `value` is not a non-negative integer
 * string.
 *
 * @example
 * ```ts
 * import { toTransactionRequest } from "@preflow/core";
 * import { createWalletClient, http } from "viem";
 * import { privateKeyToAccount } from "viem/accounts";
 * import { celo } from "viem/chains";
 *
 * const wallet = createWalletClient({ account: privateKeyToAccount(key), chain: celo, transport: http() });
 * for (const step of flow.steps) {
 *   const hash = await wallet.sendTransaction(toTransactionRequest(step, flow.fee));
 *   await publicClient.waitForTransactionReceipt({ hash });
 * }
 * ```
 */
export function toTransactionRequest(step: PreparedStep, fee?: FlowFee): TransactionRequestOfStep {
  if (typeof step.value !== "string" || !/^(?:0|[1-9]\d*)$/.test(step.value)) {
    throw new InvalidPreparedFlowError({ path: "step.value", rule: "not a non-negative integer string" });
  }
  const request: TransactionRequestOfStep = { to: step.to, data: step.data, value: BigInt(step.value) };
  if (step.feeCurrency === undefined) return request;
  request.feeCurrency = step.feeCurrency;
  if (fee !== undefined && fee.feeCurrency.toLowerCase() === step.feeCurrency.toLowerCase()) {
    request.gas = BigInt(fee.gas);
    request.maxFeePerGas = BigInt(fee.maxFeePerGas);
    request.maxPriorityFeePerGas = BigInt(fee.maxPriorityFeePerGas);
  }
  return request;
}
