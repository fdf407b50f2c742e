import * as AbiParameters from "ox/AbiParameters";
import {
  executeBatch06Parameters,
  executeBatch06Selector,
  executeBatch07Parameters,
  executeBatch07Selector,
  executeBatch08Parameters,
  executeBatch08Selector,
  executeParameters,
  executeSelector,
} from "./internal/abi.js";
import { isHexData } from "./internal/hex.js";
import type { Address, Hex } from "./types.js";

/**
 * One call a smart account makes.
 *
 * @example
 * ```ts
 * import type { SmartAccountCall } from "@preflow/attribution";
 *
 * const call: SmartAccountCall = { target: "0x765DE816845861e75A25fCA122bb6898B8B1282a", value: 0n, data: "0xa9059cbb" };
 * ```
 */
export type SmartAccountCall = {
  /** The called contract (EIP-55 checksummed). */
  target: Address;
  /** Native value sent, in wei. */
  value: bigint;
  /** The inner call's calldata, where this project's tags live (lowercase hex). */
  data: Hex;
};

/**
 * The decoded account call, or `null` when the calldata is not one of the supported functions or does not
 * decode.
 *
 * @example
 * ```ts
 * import type { DecodeSmartAccountCallsReturnType } from "@preflow/attribution";
 *
 * const decoded: DecodeSmartAccountCallsReturnType = { function: "executeBatch", calls: [] };
 * ```
 */
export type DecodeSmartAccountCallsReturnType = {
  /** Which account function the calldata calls. */
  function: "execute" | "executeBatch";
  calls: SmartAccountCall[];
} | null;

/**
 * Decodes a SimpleAccount `userOp.callData` into its inner calls: `execute(address,uint256,bytes)`
 * (selector `0xb61d27f6`) and `executeBatch(address[],uint256[],bytes[])` (`0x47e1da2a`, v0.7), plus the
 * v0.6 `executeBatch(address[],bytes[])` (`0x18dfb3c7`, value 0) and v0.8
 * `executeBatch((address,uint256,bytes)[])` (`0x34fcd5be`) forms. Bytes after the ABI-encoded arguments
 * (such as an ERC-8021 suffix on `userOp.callData`) are ignored. A v0.7 batch whose arrays differ in length
 * is not decoded. Never throws: anything else gives `null`.
 *
 * @example
 * ```ts
 * import { decodeSmartAccountCalls } from "@preflow/attribution";
 *
 * const decoded = decodeSmartAccountCalls(userOperation.callData);
 * for (const call of decoded?.calls ?? []) console.log(call.target, call.value, call.data);
 * ```
 */
export function decodeSmartAccountCalls(callData: string): DecodeSmartAccountCallsReturnType {
  if (!isHexData(callData) || callData.length < 10) return null;
  const selector = callData.slice(0, 10).toLowerCase();
  const args = `0x${callData.slice(10)}` as Hex;
  try {
    if (selector === executeSelector) {
      const [target, value, data] = AbiParameters.decode(executeParameters, args, { checksumAddress: true });
      return { function: "execute", calls: [{ target, value, data }] };
    }
    if (selector === executeBatch07Selector) {
      const [targets, values, datas] = AbiParameters.decode(executeBatch07Parameters, args, {
        checksumAddress: true,
      });
      if (targets.length !== datas.length || (values.length !== 0 && values.length !== targets.length))
        return null;
      return {
        function: "executeBatch",
        // SimpleAccount 0.7 accepts an empty value array as "no value for every call".
        calls: targets.map((target, index) => ({ target, value: values[index] ?? 0n, data: datas[index]! })),
      };
    }
    if (selector === executeBatch06Selector) {
      const [targets, datas] = AbiParameters.decode(executeBatch06Parameters, args, {
        checksumAddress: true,
      });
      if (targets.length !== datas.length) return null;
      return {
        function: "executeBatch",
        calls: targets.map((target, index) => ({ target, value: 0n, data: datas[index]! })),
      };
    }
    if (selector === executeBatch08Selector) {
      const [calls] = AbiParameters.decode(executeBatch08Parameters, args, { checksumAddress: true });
      return {
        function: "executeBatch",
        calls: calls.map((call) => ({ target: call.target, value: call.value, data: call.data })),
      };
    }
  } catch {
    return null;
  }
  return null;
}
