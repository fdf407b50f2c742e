// Transactions: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { runLazyAction } from "../../clients/runLazyAction.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { GetTransactionParameters, GetTransactionReturnType } from "./getTransaction.js";

/**
 * Reads a transaction, its receipt status and the attribution in its calldata, including the inner calls
 * of ERC-4337 `handleOps` bundles (through `@preflow/attribution`, loaded on first use). The transaction and
 * receipt come in one JSON-RPC batch and are reused by the attribution check. A tracked read
 * (`blockchain.getTransaction`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetTransactionErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getTransaction } from "@preflow/core";
 * const tx = await getTransaction(createSdkBaseClient(), {
 *   hash: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
 * });
 * console.log(tx.status, tx.attribution.tags);
 * ```
 */
export async function getTransaction(
  client: SdkBaseClient,
  parameters: GetTransactionParameters,
): Promise<GetTransactionReturnType> {
  return runLazyAction(client, parameters, async () => (await import("./getTransaction.js")).getTransaction);
}
