import { rejectUnknownKeys } from "@preflow/errors";
import type { Hash, Hex } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { describeValue } from "../../errors/base.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { readQuantity } from "../../rpc/quantity.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { type BlockSummary, decodeBlock } from "./decodeBlock.js";

/** The most blocks {@link getLatestBlocks} reads. */
const MAX_COUNT = 20;

/**
 * Parameters of {@link getLatestBlocks}.
 *
 * @example
 * ```ts
 * import type { GetLatestBlocksParameters } from "@preflow/core";
 * const parameters: GetLatestBlocksParameters = { count: 10 };
 * ```
 */
export interface GetLatestBlocksParameters extends ActionOptions {
  /** How many blocks, newest first: an integer from 1 to 20. Default 5. */
  count?: number | undefined;
}

/**
 * One of the latest blocks: its number, hash, base fee and how full it was (from the node's fee history).
 *
 * @example
 * ```ts
 * import type { RecentBlock } from "@preflow/core";
 * const { blocks }: { blocks: RecentBlock[] } = await client.blockchain.getLatestBlocks({ count: 3 });
 * ```
 */
export interface RecentBlock {
  number: bigint;
  hash: Hash;
  /** EIP-1559 base fee in wei; `null` when the node's fee history does not cover the block. */
  baseFeePerGas: bigint | null;
  /** Gas used over the gas limit (0 to 1), as the node's `eth_feeHistory` reports it; `null` when not covered. */
  gasUsedRatio: number | null;
}

/**
 * The return type of {@link getLatestBlocks}: the newest block whole, and the latest `count` blocks newest first.
 *
 * @example
 * ```ts
 * import type { GetLatestBlocksReturnType } from "@preflow/core";
 * const { latest, blocks }: GetLatestBlocksReturnType = await client.blockchain.getLatestBlocks();
 * ```
 */
export interface GetLatestBlocksReturnType {
  /** The chain's head, every field (time, producer, transactions). */
  latest: BlockSummary;
  /** `count` blocks (fewer near genesis), newest first; the first is `latest`. */
  blocks: RecentBlock[];
}

/**
 * The errors {@link getLatestBlocks} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidArgumentError}: `count` is not an integer from 1 to 20, an unknown key in `parameters`, or a `signal` that is not an AbortSignal; before any I/O.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError`, `RpcError` (the endpoint failed, URL redacted, answered in a malformed shape, or the head moved by more than one block while the batch ran), `RpcRateLimitedError` or `RequestAbortedError` (`signal` aborted).
 *
 * @example
 * ```ts
 * import type { GetLatestBlocksErrorType } from "@preflow/core";
 * ```
 */
export type GetLatestBlocksErrorType = InvalidArgumentError | ReadBatchErrorType;

const KEYS = ["count", "signal"] as const;

/**
 * EVM creation code run by `eth_call` (no `to`): returns `block.number` and the hashes of the `count` blocks before
 * it (`BLOCKHASH`, 0 where there is none), ABI-encoded as `(uint256, bytes32[count])` without a length word. @internal
 */
export function blockHashesCode(count: number): Hex {
  const push2 = (value: number) => `61${value.toString(16).padStart(4, "0")}`;
  let code = "";
  for (let i = 1; i <= count; i++) code += `60${i.toString(16).padStart(2, "0")}430340${push2(32 * i)}52`;
  code += `43600052${push2(32 * (count + 1))}6000f3`;
  return `0x${code}`;
}

/**
 * Reads the latest `count` blocks (at most 20), newest first, in ONE request although their numbers are not
 * known before it: the batch holds the head block (`eth_getBlockByNumber("latest")`), the fee history of the last
 * `count` blocks (base fee, gas used ratio) and one `eth_call` of creation code that returns the block number and
 * the hashes of the blocks before it; the answers are joined by block number (a head that moves by one block while
 * the batch runs is covered through `parentHash`). The head comes whole ({@link BlockSummary}); older blocks with
 * their number, hash, base fee and fullness (a node keeps no older timestamps in reach of one request). A tracked
 * read (`blockchain.getLatestBlocks`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetLatestBlocksErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getLatestBlocks } from "@preflow/core";
 * const { latest, blocks } = await getLatestBlocks(createSdkBaseClient(), { count: 10 });
 * console.log(latest.timestamp, blocks.map((block) => block.number));
 * ```
 */
export async function getLatestBlocks(
  client: SdkBaseClient,
  parameters: GetLatestBlocksParameters = {},
): Promise<GetLatestBlocksReturnType> {
  const { count = 5, signal } = rejectUnknownKeys(parameters, "parameters", KEYS);
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    throw new InvalidArgumentError({
      field: "count",
      value: count,
      rule: `must be an integer from 1 to ${MAX_COUNT}`,
    });
  return client.track("blockchain.getLatestBlocks", undefined, async () => {
    const [rawHead, rawHistory, rawHashes] = await client.rpc.batch(
      [
        { method: "eth_getBlockByNumber", params: ["latest", false] },
        { method: "eth_feeHistory", params: [`0x${count.toString(16)}`, "latest", []] },
        { method: "eth_call", params: [{ data: blockHashesCode(count) }, "latest"] },
      ],
      { signal },
    );
    const malformed = (method: string, what: string, value: unknown) =>
      toRpcError(new Error(`the node returned a malformed ${what} (${describeValue(value, 80)})`), {
        rpcUrl: client.rpc.rpcUrl,
        method,
      });
    const head = decodeBlock(rawHead);
    if (!head.ok) throw malformed("eth_getBlockByNumber", `block ${head.field}`, head.value);
    const latest = head.block;
    const hashes = decodeHashes(rawHashes, count);
    if (!hashes) throw malformed("eth_call", "block hash list", rawHashes);
    const history = decodeFeeHistory(rawHistory);
    if (!history) throw malformed("eth_feeHistory", "fee history", rawHistory);
    const hashOf = new Map<bigint, Hash>(hashes);
    hashOf.set(latest.number, latest.hash);
    if (latest.number > 0n) hashOf.set(latest.number - 1n, latest.parentHash);
    const blocks: RecentBlock[] = [];
    for (let n = latest.number; n >= 0n && n > latest.number - BigInt(count); n--) {
      const hash = hashOf.get(n);
      if (!hash)
        throw toRpcError(
          new Error(
            `the head moved by more than one block while the batch ran (no hash for block ${n}); try again`,
          ),
          {
            rpcUrl: client.rpc.rpcUrl,
            method: "eth_call",
          },
        );
      const fee = history.get(n);
      blocks.push({
        number: n,
        hash,
        baseFeePerGas: fee?.baseFeePerGas ?? null,
        gasUsedRatio: fee?.gasUsedRatio ?? null,
      });
    }
    return { latest, blocks };
  });
}

const ZERO_HASH = `0x${"0".repeat(64)}`;

/** The `(number, hashes)` answer of {@link blockHashesCode} as `[number, hash]` pairs (zero hashes left out); `undefined` when malformed. Never throws. @internal */
export function decodeHashes(raw: unknown, count: number): [bigint, Hash][] | undefined {
  if (typeof raw !== "string" || raw.length !== 2 + 64 * (count + 1) || !/^0x[0-9a-fA-F]*$/.test(raw))
    return undefined;
  const word = (index: number) => raw.slice(2 + 64 * index, 2 + 64 * (index + 1)).toLowerCase();
  const number = BigInt(`0x${word(0)}`);
  const pairs: [bigint, Hash][] = [];
  for (let i = 1; i <= count; i++) {
    const hash = `0x${word(i)}`;
    if (hash !== ZERO_HASH && number >= BigInt(i)) pairs.push([number - BigInt(i), hash as Hash]);
  }
  return pairs;
}

/** `eth_feeHistory`'s answer per block number; `undefined` when malformed. Never throws. @internal */
export function decodeFeeHistory(
  raw: unknown,
): Map<bigint, { baseFeePerGas: bigint | null; gasUsedRatio: number | null }> | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const { oldestBlock, baseFeePerGas, gasUsedRatio } = raw as Record<string, unknown>;
  const oldest = readQuantity(oldestBlock);
  if (oldest === undefined || !Array.isArray(gasUsedRatio) || gasUsedRatio.length > MAX_COUNT)
    return undefined;
  if (
    baseFeePerGas !== undefined &&
    (!Array.isArray(baseFeePerGas) || baseFeePerGas.length > gasUsedRatio.length + 1)
  )
    return undefined;
  const out = new Map<bigint, { baseFeePerGas: bigint | null; gasUsedRatio: number | null }>();
  for (const [index, ratio] of gasUsedRatio.entries()) {
    if (typeof ratio !== "number" || !Number.isFinite(ratio) || ratio < 0) return undefined;
    const fee = Array.isArray(baseFeePerGas) ? baseFeePerGas[index] : undefined;
    const base = fee === undefined ? null : readQuantity(fee);
    if (base === undefined) return undefined;
    out.set(oldest + BigInt(index), { baseFeePerGas: base, gasUsedRatio: ratio });
  }
  return out;
}
