import { describeValue } from "@preflow/errors";
import { AttributionError } from "./AttributionError.js";

/**
 * Thrown by {@link checkAttributionInTransaction} and {@link verifyAttributionInTransaction}, before any
 * network I/O, when `hash` is not a `0x`-prefixed 32-byte hex string.
 *
 * @example
 * ```ts
 * import { InvalidTransactionHashError, checkAttributionInTransaction } from "@preflow/attribution";
 *
 * await checkAttributionInTransaction({ request, hash: "0x1234" }).catch((error) => {
 *   error instanceof InvalidTransactionHashError; // true, error.code === "INVALID_TRANSACTION_HASH"
 * });
 * ```
 */
export class InvalidTransactionHashError extends AttributionError<{ hash: string; rule: "bytes32-hex" }> {
  override readonly name: string = "InvalidTransactionHashError";

  constructor(parameters: { hash: unknown }) {
    super({
      message: `Invalid transaction hash ${describeValue(parameters.hash)}: hash must be a 0x-prefixed hex string of 32 bytes (64 hex digits).`,
      code: "INVALID_TRANSACTION_HASH",
      details: { hash: describeValue(parameters.hash), rule: "bytes32-hex" },
    });
  }
}
