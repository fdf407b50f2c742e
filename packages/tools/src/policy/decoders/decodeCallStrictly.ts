import { type Abi, decodeFunctionData, encodeFunctionData, type Hex } from "viem";

/**
 * Decodes calldata against `abi` only when it is exactly the canonical encoding of what it decodes to (so no
 * trailing bytes, no wrong length, no non-canonical offsets). Never throws: `undefined` for anything else. @internal
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
