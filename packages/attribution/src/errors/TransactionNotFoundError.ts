import type { Hex } from "../types.js";
import { AttributionError } from "./AttributionError.js";

/**
 * Thrown by {@link checkAttributionInTransaction} and {@link verifyAttributionInTransaction} when the node
 * answers `eth_getTransactionByHash` with `null`: it does not know the transaction (wrong hash, wrong chain,
 * or not yet propagated).
 *
 * @example
 * ```ts
 * import { TransactionNotFoundError, checkAttributionInTransaction } from "@preflow/attribution";
 *
 * try {
 *   await checkAttributionInTransaction({ request, hash });
 * } catch (error) {
 *   if (error instanceof TransactionNotFoundError) console.log("no such transaction", error.details.hash);
 * }
 * ```
 */
export class TransactionNotFoundError extends AttributionError<{ hash: Hex }> {
  override readonly name: string = "TransactionNotFoundError";

  constructor(parameters: { hash: Hex }) {
    super({
      message: `Transaction ${parameters.hash} was not found: eth_getTransactionByHash returned null. Check the hash and that the RPC serves chain 42220.`,
      code: "TRANSACTION_NOT_FOUND",
      details: { hash: parameters.hash },
    });
  }
}
