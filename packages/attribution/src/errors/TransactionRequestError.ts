import { redactSecrets } from "@preflow/errors";
import type { Hex } from "../types.js";
import { AttributionError } from "./AttributionError.js";

/**
 * Thrown by {@link checkAttributionInTransaction} and {@link verifyAttributionInTransaction} when the
 * `request` function fails (it throws or rejects) or answers with something that is not a transaction
 * object. The original error is kept as `cause`; the message carries its text with API keys redacted.
 *
 * @example
 * ```ts
 * import { TransactionRequestError, checkAttributionInTransaction } from "@preflow/attribution";
 *
 * try {
 *   await checkAttributionInTransaction({ request, hash });
 * } catch (error) {
 *   if (error instanceof TransactionRequestError) console.log(error.details.reason, error.cause);
 * }
 * ```
 */
export class TransactionRequestError extends AttributionError<{
  hash: Hex;
  method: "eth_getTransactionByHash";
  reason: string;
}> {
  override readonly name: string = "TransactionRequestError";

  constructor(parameters: { hash: Hex; reason: string; cause?: unknown }) {
    const reason = redactSecrets(parameters.reason).slice(0, 300);
    super({
      message: `eth_getTransactionByHash failed for transaction ${parameters.hash}: ${reason}`,
      code: "TRANSACTION_REQUEST_FAILED",
      details: { hash: parameters.hash, method: "eth_getTransactionByHash", reason },
      cause: parameters.cause,
    });
  }
}
