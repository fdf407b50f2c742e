// A block object from the node (`eth_getBlockByNumber` / `eth_getBlockByHash` without full transactions), read
// field by field from an untrusted answer: never throws, never accepts a wrong shape or length.
import { type Address, getAddress, type Hash } from "viem";
import { readQuantity } from "../../rpc/quantity.js";

/**
 * A block as preflow reads it (numbers in their units as bigints; `transactions` are the hashes).
 *
 * @example
 * ```ts
 * import type { BlockSummary } from "@preflow/core";
 * const block: BlockSummary = await client.blockchain.getBlock();
 * console.log(block.number, block.timestamp, block.transactions.length);
 * ```
 */
export interface BlockSummary {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
  /** Unix seconds. */
  timestamp: bigint;
  /** The block producer's fee recipient. */
  miner: Address;
  gasUsed: bigint;
  gasLimit: bigint;
  /** EIP-1559 base fee in wei; `null` when the node reports none. */
  baseFeePerGas: bigint | null;
  /** The hashes of the block's transactions, in order. */
  transactions: Hash[];
}

/** What {@link decodeBlock} gives: the block, or the first field that is wrong. @internal */
export type DecodeBlockResult =
  | { ok: true; block: BlockSummary }
  | { ok: false; field: string; value: unknown };

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** More transaction hashes than a block can hold (30M gas / 21k): a bound on what is accepted. */
const MAX_TRANSACTIONS = 100_000;

/**
 * Decodes a node's block object (`null` is not a block: the caller says "not found" before calling this). Never
 * throws; any wrong field gives `{ ok: false, field, value }`. @internal
 */
export function decodeBlock(raw: unknown): DecodeBlockResult {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { ok: false, field: "(block)", value: raw };
  const block = raw as Record<string, unknown>;
  const quantities: Record<string, bigint> = {};
  for (const field of ["number", "timestamp", "gasUsed", "gasLimit"]) {
    const value = readQuantity(block[field]);
    if (value === undefined) return { ok: false, field, value: block[field] };
    quantities[field] = value;
  }
  let baseFeePerGas: bigint | null = null;
  if (block.baseFeePerGas !== undefined && block.baseFeePerGas !== null) {
    const value = readQuantity(block.baseFeePerGas);
    if (value === undefined) return { ok: false, field: "baseFeePerGas", value: block.baseFeePerGas };
    baseFeePerGas = value;
  }
  for (const field of ["hash", "parentHash"]) {
    const value = block[field];
    if (typeof value !== "string" || !HASH.test(value)) return { ok: false, field, value };
  }
  const miner = block.miner;
  if (typeof miner !== "string" || !ADDRESS.test(miner)) return { ok: false, field: "miner", value: miner };
  const transactions = block.transactions;
  if (!Array.isArray(transactions) || transactions.length > MAX_TRANSACTIONS)
    return { ok: false, field: "transactions", value: transactions };
  for (const [index, tx] of transactions.entries())
    if (typeof tx !== "string" || !HASH.test(tx))
      return { ok: false, field: `transactions[${index}]`, value: tx };
  return {
    ok: true,
    block: {
      number: quantities.number!,
      hash: (block.hash as string).toLowerCase() as Hash,
      parentHash: (block.parentHash as string).toLowerCase() as Hash,
      timestamp: quantities.timestamp!,
      miner: getAddress(miner),
      gasUsed: quantities.gasUsed!,
      gasLimit: quantities.gasLimit!,
      baseFeePerGas,
      transactions: (transactions as string[]).map((tx) => tx.toLowerCase() as Hash),
    },
  };
}
