import { checkAttributionInTransaction, TransactionNotFoundError } from "@preflow/attribution";
import { type Address, getAddress, type Hash, type Hex, hexToBigInt } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import type { ChainMismatchError } from "../../errors/chain.js";
import type { RpcError } from "../../errors/rpc.js";
import { toRpcError } from "../../rpc/toRpcError.js";

/**
 * The attribution found in a transaction, as reported by `@preflow/attribution`'s
 * `checkAttributionInTransaction` (bundles decoded down to their inner calls).
 *
 * @example
 * ```ts
 * import type { TransactionAttribution } from "@preflow/core";
 * const { attribution }: { attribution: TransactionAttribution } = await client.blockchain.getTransaction(hash);
 * ```
 */
export type TransactionAttribution = Awaited<ReturnType<typeof checkAttributionInTransaction>>;

/**
 * The return type of `client.blockchain.getTransaction`.
 *
 * @example
 * ```ts
 * import type { TransactionDetails } from "@preflow/core";
 * const tx: TransactionDetails = await client.blockchain.getTransaction(hash);
 * if (tx.status === "success" && tx.attribution.platform) console.log("tagged by preflow", tx.attribution.tags);
 * ```
 */
export interface TransactionDetails {
  hash: Hash;
  /** `pending` while there is no receipt. */
  status: "success" | "reverted" | "pending";
  from: Address;
  /** `null` for a contract creation. */
  to: Address | null;
  /** Wei. */
  value: bigint;
  /** The calldata as sent. */
  input: Hex;
  blockNumber: bigint | null;
  gasUsed: bigint | null;
  /** The ERC-8021 attribution found in the calldata (inner calls of bundles included). */
  attribution: TransactionAttribution;
}

interface RawTransaction {
  hash: Hash;
  from: string;
  to: string | null;
  value: Hex;
  input: Hex;
  blockNumber: Hex | null;
}

interface RawReceipt {
  status: Hex;
  gasUsed: Hex;
  blockNumber: Hex;
}

/**
 * Parameters of {@link getTransaction}.
 *
 * @example
 * ```ts
 * import type { GetTransactionParameters } from "@preflow/core";
 * const parameters: GetTransactionParameters = { hash: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060" };
 * ```
 */
export interface GetTransactionParameters {
  /** The transaction hash (0x + 64 hex digits). */
  hash: string;
}

/**
 * The return type of {@link getTransaction}.
 *
 * @example
 * ```ts
 * import type { GetTransactionReturnType } from "@preflow/core";
 * ```
 */
export type GetTransactionReturnType = TransactionDetails;

/**
 * The errors {@link getTransaction} throws.
 *
 * @example
 * ```ts
 * import type { GetTransactionErrorType } from "@preflow/core";
 * ```
 */
export type GetTransactionErrorType =
  | InvalidArgumentError
  | TransactionNotFoundError
  | ChainMismatchError
  | RpcError;

/**
 * Reads a transaction, its receipt status and the attribution in its calldata, including the inner calls
 * of ERC-4337 `handleOps` bundles (through `@preflow/attribution`, loaded on first use). The transaction and
 * receipt come in one JSON-RPC batch and are reused by the attribution check. A tracked read
 * (`blockchain.getTransaction`).
 *
 * HTTP requests: 1.
 *
 * @throws {InvalidArgumentError} `hash` is not a transaction hash.
 * @throws {TransactionNotFoundError} no transaction with that hash (code `TRANSACTION_NOT_FOUND`).
 * @throws {ChainMismatchError} `rpcUrl` is not chain 42220.
 * @throws {RpcError} the endpoint failed (URL redacted).
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
  const { hash } = parameters;
  if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new InvalidArgumentError({
      field: "hash",
      value: hash,
      rule: "must be a transaction hash (0x followed by 64 hex digits)",
    });
  }
  const txHash = hash.toLowerCase() as Hash;
  return client.track("blockchain.getTransaction", undefined, async () => {
    const [tx, receipt] = (await client.rpc.batch([
      { method: "eth_getTransactionByHash", params: [txHash] },
      { method: "eth_getTransactionReceipt", params: [txHash] },
    ])) as [RawTransaction | null, RawReceipt | null];
    if (!tx) throw new TransactionNotFoundError({ hash: txHash });

    // Serve what we already have; anything else the attribution check needs goes to the same endpoint.
    const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
      const first = Array.isArray(params) ? String(params[0]).toLowerCase() : undefined;
      if (method === "eth_getTransactionByHash" && first === txHash) return tx;
      if (method === "eth_getTransactionReceipt" && first === txHash) return receipt;
      const [result] = await client.rpc.batch([{ method, params: Array.isArray(params) ? params : [] }]);
      return result;
    };
    let attribution: TransactionAttribution;
    try {
      attribution = await checkAttributionInTransaction({ request: request as never, hash: txHash });
    } catch (error) {
      throw toRpcError(error, { rpcUrl: client.rpc.rpcUrl, method: "checkAttributionInTransaction" });
    }
    return {
      hash: txHash,
      status: receipt ? (hexToBigInt(receipt.status) === 1n ? "success" : "reverted") : "pending",
      from: getAddress(tx.from),
      to: tx.to ? getAddress(tx.to) : null,
      value: hexToBigInt(tx.value),
      input: tx.input,
      blockNumber: tx.blockNumber ? hexToBigInt(tx.blockNumber) : null,
      gasUsed: receipt ? hexToBigInt(receipt.gasUsed) : null,
      attribution,
    };
  });
}
