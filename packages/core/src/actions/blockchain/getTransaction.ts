import { checkAttributionInTransaction, TransactionNotFoundError } from "@preflow/attribution";
import { type Address, getAddress, type Hash, type Hex, hexToBigInt } from "viem";
import type { ClientContext } from "../../client/context.js";
import { InvalidArgumentError } from "../../errors/argument.js";
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
 * Reads a transaction, its receipt status and the attribution in its calldata, including the inner calls
 * of ERC-4337 `handleOps` bundles (through `@preflow/attribution`). The transaction and receipt come in one
 * HTTP request and are reused by the attribution check.
 *
 * @example
 * ```ts
 * const tx = await client.blockchain.getTransaction("0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060");
 * console.log(tx.status, tx.attribution.tags);
 * ```
 */
export async function getTransaction(ctx: ClientContext, hash: string): Promise<TransactionDetails> {
  if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new InvalidArgumentError("hash", hash, "must be a transaction hash (0x followed by 64 hex digits)");
  }
  const txHash = hash.toLowerCase() as Hash;
  return ctx.track("blockchain.getTransaction", undefined, async () => {
    const [tx, receipt] = (await ctx.rpc.batch([
      { method: "eth_getTransactionByHash", params: [txHash] },
      { method: "eth_getTransactionReceipt", params: [txHash] },
    ])) as [RawTransaction | null, RawReceipt | null];
    if (!tx) throw new TransactionNotFoundError({ hash: txHash });

    // Serve what we already have; anything else the attribution check needs goes to the same endpoint.
    const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
      const first = Array.isArray(params) ? String(params[0]).toLowerCase() : undefined;
      if (method === "eth_getTransactionByHash" && first === txHash) return tx;
      if (method === "eth_getTransactionReceipt" && first === txHash) return receipt;
      const [result] = await ctx.rpc.batch([{ method, params: Array.isArray(params) ? params : [] }]);
      return result;
    };
    let attribution: TransactionAttribution;
    try {
      attribution = await checkAttributionInTransaction({ request: request as never, hash: txHash });
    } catch (error) {
      throw toRpcError(error, ctx.rpc.rpcUrl, "checkAttributionInTransaction");
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
