import { decodeErrorResult, type Hex } from "viem";

/** A short human reading of revert data: `Error(string)`, `Panic(uint256)`, or the custom error's selector. @internal */
export function describeRevert(data: Hex | undefined): string {
  if (data === undefined || data === "0x") return "no revert reason";
  try {
    const decoded = decodeErrorResult({ data });
    if (decoded.errorName === "Error") return `reverted with "${String(decoded.args?.[0])}"`;
    if (decoded.errorName === "Panic") return `panicked with code ${String(decoded.args?.[0])}`;
  } catch {
    // a custom error: the caller's ABI would be needed to decode it
  }
  const bytes = (data.length - 2) / 2;
  return `reverted with custom error ${data.slice(0, 10)} (${bytes} bytes of revert data)`;
}
