// Readers of a wallet's answers (untrusted values): they never throw and accept only well-formed values.
import { isQuantity } from "../../rpc/quantity.js";

/** A JSON-RPC quantity (`0x…` hex, up to 256 bits, or a non-negative safe integer) as a decimal string; `undefined` for anything else. @internal */
export function quantity(value: unknown): string | undefined {
  if (isQuantity(value)) return BigInt(value).toString();
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  return undefined;
}

/** The status code of a `wallet_getCallsStatus` answer (ERC-5792 v2 numbers 100..699, or the v1 strings); `undefined` for anything else. @internal */
export function callsStatusCode(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isInteger(value) && value >= 100 && value < 700) return value;
  if (value === "PENDING") return 100;
  if (value === "CONFIRMED") return 200;
  return undefined;
}
