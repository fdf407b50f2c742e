import { SdkError } from "./base.js";

/**
 * No transaction with this hash is known to the RPC endpoint.
 *
 * @example
 * ```ts
 * import { TransactionNotFoundError } from "@preflow/core";
 *
 * try {
 *   await client.blockchain.getTransaction(hash);
 * } catch (error) {
 *   if (error instanceof TransactionNotFoundError) console.error("not found", error.details.hash);
 * }
 * ```
 */
export class TransactionNotFoundError extends SdkError {
  constructor(hash: string) {
    super(
      "TRANSACTION_NOT_FOUND",
      `Transaction ${hash} was not found on chain 42220. Check the hash, or wait until the transaction is broadcast.`,
      { details: { hash } },
    );
    this.name = "TransactionNotFoundError";
  }
}
