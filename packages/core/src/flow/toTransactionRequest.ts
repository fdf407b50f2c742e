import type { Address, Hex } from "viem";
import { InvalidPreparedFlowError } from "../errors/preparedFlow.js";
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
}

/**
 * Turns a prepared step into `{ to, data, value: bigint }`, ready for viem's or wagmi's `sendTransaction`.
 * Throws {@link InvalidPreparedFlowError} if `value` is not a non-negative integer string.
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
 *   const hash = await wallet.sendTransaction(toTransactionRequest(step));
 *   await publicClient.waitForTransactionReceipt({ hash });
 * }
 * ```
 */
export function toTransactionRequest(step: PreparedStep): TransactionRequestOfStep {
  if (typeof step.value !== "string" || !/^(?:0|[1-9]\d*)$/.test(step.value)) {
    throw new InvalidPreparedFlowError({ path: "step.value", rule: "not a non-negative integer string" });
  }
  return { to: step.to, data: step.data, value: BigInt(step.value) };
}
