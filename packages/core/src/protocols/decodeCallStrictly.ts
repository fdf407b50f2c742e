import { type Abi, decodeFunctionData, encodeFunctionData, type Hex } from "viem";
import type { StepDecoder } from "./definition.js";

/**
 * Decodes calldata against `abi` only when it is exactly the canonical encoding of what it decodes to (so no
 * trailing bytes, no wrong length, no non-canonical offsets). Never throws: `undefined` for anything else. For
 * policy decoders ({@link StepDecoder}).
 *
 * @param abi - The functions to read.
 * @param data - Calldata (without an attribution suffix).
 * @returns The function and its arguments, or `undefined`.
 *
 * @example
 * ```ts
 * import { decodeCallStrictly } from "@preflow/core";
 * import { erc20Abi } from "viem";
 * decodeCallStrictly(erc20Abi, "0xa9059cbb"); // undefined: no arguments
 * ```
 */
export function decodeCallStrictly<const abi extends Abi>(
  abi: abi,
  data: Hex,
): { functionName: string; args: readonly unknown[] } | undefined {
  try {
    const decoded = decodeFunctionData({ abi: abi as Abi, data }) as {
      functionName: string;
      args?: readonly unknown[];
    };
    const args = decoded.args ?? [];
    const again = encodeFunctionData({ abi: abi as Abi, functionName: decoded.functionName, args });
    if (again.toLowerCase() !== data.toLowerCase()) return undefined;
    return { functionName: decoded.functionName, args };
  } catch {
    return undefined;
  }
}
