// A JSON-RPC quantity (`0x` + 1 to 64 hex digits, up to 256 bits), read from a node's or a wallet's untrusted
// answer: the one check every reader of such answers uses.

/** The shape of a JSON-RPC quantity. @internal */
export const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

/** Whether `value` is a JSON-RPC quantity. @internal */
export function isQuantity(value: unknown): value is `0x${string}` {
  return typeof value === "string" && QUANTITY.test(value);
}

/** `value` as a bigint when it is a JSON-RPC quantity; `undefined` for anything else (never throws). @internal */
export function readQuantity(value: unknown): bigint | undefined {
  return isQuantity(value) ? BigInt(value) : undefined;
}
