import { checkAttributionInTransaction, TransactionNotFoundError } from "@preflow/attribution";
import { rejectUnknownKeys } from "@preflow/errors";
import { type Address, getAddress, type Hash, type Hex, hexToBigInt } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { describeValue, SdkError } from "../../errors/base.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { QUANTITY } from "../../rpc/quantity.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
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

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

/**
 * Checks the node's transaction and receipt objects field by field (a malformed answer is an `RpcError` naming
 * the method and field, never viem's untyped error or a wrong value).
 */
function checkAnswer(
  tx: unknown,
  receipt: unknown,
  txHash: Hash,
  malformed: (method: string, field: string, value: unknown) => Error,
): { tx: RawTransaction | null; receipt: RawReceipt | null } {
  const field = (
    object: Record<string, unknown>,
    name: string,
    rule: RegExp,
    method: string,
    nullable = false,
  ) => {
    const value = object[name];
    if (nullable && value === null) return;
    if (typeof value !== "string" || !rule.test(value)) throw malformed(method, name, value);
  };
  if (tx === null || tx === undefined) return { tx: null, receipt: null };
  if (typeof tx !== "object" || Array.isArray(tx))
    throw malformed("eth_getTransactionByHash", "(result)", tx);
  const t = tx as Record<string, unknown>;
  field(t, "hash", /^0x[0-9a-fA-F]{64}$/, "eth_getTransactionByHash");
  if ((t.hash as string).toLowerCase() !== txHash)
    throw malformed("eth_getTransactionByHash", "hash", t.hash);
  field(t, "from", ADDRESS, "eth_getTransactionByHash");
  if (t.to !== undefined) field(t, "to", ADDRESS, "eth_getTransactionByHash", true);
  field(t, "value", QUANTITY, "eth_getTransactionByHash");
  field(t, "input", BYTES, "eth_getTransactionByHash");
  if (t.blockNumber !== undefined) field(t, "blockNumber", QUANTITY, "eth_getTransactionByHash", true);
  if (receipt === null || receipt === undefined) return { tx: t as unknown as RawTransaction, receipt: null };
  if (typeof receipt !== "object" || Array.isArray(receipt))
    throw malformed("eth_getTransactionReceipt", "(result)", receipt);
  const r = receipt as Record<string, unknown>;
  field(r, "status", /^0x[01]$/, "eth_getTransactionReceipt");
  field(r, "gasUsed", QUANTITY, "eth_getTransactionReceipt");
  field(r, "blockNumber", QUANTITY, "eth_getTransactionReceipt");
  return { tx: t as unknown as RawTransaction, receipt: r as unknown as RawReceipt };
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
export interface GetTransactionParameters extends ActionOptions {
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
 * The errors {@link getTransaction} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: `hash` is not a transaction hash.
 * - {@link TransactionNotFoundError}: no transaction with that hash (code `TRANSACTION_NOT_FOUND`).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { GetTransactionErrorType } from "@preflow/core";
 * ```
 */
export type GetTransactionErrorType = InvalidArgumentError | TransactionNotFoundError | ReadBatchErrorType;

const KEYS = ["hash", "signal"] as const;

/**
 * Reads a transaction, its receipt status and the attribution in its calldata, including the inner calls
 * of ERC-4337 `handleOps` bundles (through `@preflow/attribution`, loaded on first use). The transaction and
 * receipt come in one JSON-RPC batch and are reused by the attribution check. A tracked read
 * (`blockchain.getTransaction`).
 *
 * HTTP requests: 1.
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
  const { hash, signal } = rejectUnknownKeys(parameters, "parameters", KEYS);
  if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new InvalidArgumentError({
      field: "hash",
      value: hash,
      rule: "must be a transaction hash (0x followed by 64 hex digits)",
    });
  }
  const txHash = hash.toLowerCase() as Hash;
  return client.track("blockchain.getTransaction", undefined, async () => {
    const [rawTx, rawReceipt] = await client.rpc.batch(
      [
        { method: "eth_getTransactionByHash", params: [txHash] },
        { method: "eth_getTransactionReceipt", params: [txHash] },
      ],
      { signal },
    );
    const { tx, receipt } = checkAnswer(rawTx, rawReceipt, txHash, (method, field, value) =>
      toRpcError(new Error(`the node returned a malformed ${field} (${describeValue(value, 80)})`), {
        rpcUrl: client.rpc.rpcUrl,
        method,
      }),
    );
    if (!tx) throw new TransactionNotFoundError({ hash: txHash });

    // Serve what we already have; anything else the attribution check needs goes to the same endpoint.
    const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
      const first = Array.isArray(params) ? String(params[0]).toLowerCase() : undefined;
      if (method === "eth_getTransactionByHash" && first === txHash) return tx;
      if (method === "eth_getTransactionReceipt" && first === txHash) return receipt;
      const [result] = await client.rpc.batch([{ method, params: Array.isArray(params) ? params : [] }], {
        signal,
      });
      return result;
    };
    let attribution: TransactionAttribution;
    try {
      attribution = await checkAttributionInTransaction({ request: request as never, hash: txHash, signal });
    } catch (error) {
      if (error instanceof SdkError) throw error; // already typed (RpcError, RequestAbortedError...)
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
