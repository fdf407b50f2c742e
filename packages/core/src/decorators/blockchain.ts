import type { GetTransactionReturnType } from "../actions/blockchain/getTransaction.js";
import { getTransaction } from "../actions/blockchain/lazyActions.js";
import type { SdkBaseClient } from "../clients/types.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import { parseOptions } from "../validation/parseOptions.js";

/**
 * `client.blockchain`: transactions and their attribution (tracked by telemetry).
 *
 * @example
 * ```ts
 * const tx = await client.blockchain.getTransaction(hash);
 * ```
 */
export interface BlockchainActions {
  /**
   * A transaction, its receipt status (`success`, `reverted`, `pending`) and the ERC-8021 attribution in its
   * calldata (ERC-4337 bundles decoded down to their inner calls). The client form of {@link getTransaction}.
   * HTTP requests: 1.
   *
   * @param hash - The transaction hash (0x + 64 hex digits).
   * @throws {@link GetTransactionErrorType}
   *
   * @example
   * ```ts
   * const tx = await client.blockchain.getTransaction(hash);
   * if (tx.status === "success") console.log(tx.attribution.tags);
   * ```
   */
  getTransaction(hash: string, options?: ActionOptions): Promise<GetTransactionReturnType>;
}

/**
 * The `blockchain` group as a decorator: `createSdkBaseClient().extend(blockchainActions)` gives
 * `client.blockchain` ({@link BlockchainActions}). Part of {@link createSdkClient}.
 *
 * @param client - Any preflow client.
 * @returns `{ blockchain }`.
 *
 * @example
 * ```ts
 * import { blockchainActions, createSdkBaseClient } from "@preflow/core";
 * const tx = await createSdkBaseClient().extend(blockchainActions).blockchain.getTransaction(hash);
 * ```
 */
export function blockchainActions(client: SdkBaseClient): { blockchain: BlockchainActions } {
  return {
    blockchain: Object.freeze({
      getTransaction: async (hash: string, options?: ActionOptions) =>
        getTransaction(client, { ...parseOptions(options), hash }),
    }),
  };
}
