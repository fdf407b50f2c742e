import { rejectUnknownKeys } from "@preflow/errors";
import type { SdkBaseClient } from "../../clients/types.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { describeValue } from "../../errors/base.js";
import { BlockNotFoundError } from "../../errors/chainRead.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { type BlockSummary, decodeBlock } from "./decodeBlock.js";
import { parseBlockNumber } from "./parseBlockNumber.js";

/**
 * Parameters of {@link getBlock}: a block `number` or a block `hash` (not both); neither reads the latest block.
 *
 * @example
 * ```ts
 * import type { GetBlockParameters } from "@preflow/core";
 * const latest: GetBlockParameters = {};
 * const byNumber: GetBlockParameters = { number: 31_000_000n };
 * ```
 */
export interface GetBlockParameters extends ActionOptions {
  /** A block number: a non-negative bigint, safe integer or decimal string. */
  number?: bigint | number | string | undefined;
  /** A block hash (0x + 64 hex digits). */
  hash?: string | undefined;
}

/**
 * The return type of {@link getBlock}.
 *
 * @example
 * ```ts
 * import type { GetBlockReturnType } from "@preflow/core";
 * const block: GetBlockReturnType = await client.blockchain.getBlock({ number: 1n });
 * ```
 */
export type GetBlockReturnType = BlockSummary;

/**
 * The errors {@link getBlock} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidArgumentError}: `number` is not a block number, `hash` is not a block hash, both are given, an unknown key in `parameters`, or a `signal` that is not an AbortSignal; before any I/O.
 * - {@link BlockNotFoundError}: the node has no such block.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered with a malformed block), `RpcRateLimitedError` or `RequestAbortedError` (`signal` aborted).
 *
 * @example
 * ```ts
 * import type { GetBlockErrorType } from "@preflow/core";
 * ```
 */
export type GetBlockErrorType = InvalidArgumentError | BlockNotFoundError | ReadBatchErrorType;

const KEYS = ["number", "hash", "signal"] as const;

/**
 * Reads one block by `number`, by `hash`, or the latest: number, hash, parent, time, producer, gas used and limit,
 * base fee and the hashes of its transactions. The node's answer is checked field by field. A tracked read
 * (`blockchain.getBlock`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetBlockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getBlock } from "@preflow/core";
 * const client = createSdkBaseClient();
 * const latest = await getBlock(client, {});
 * const genesis = await getBlock(client, { number: 0 });
 * console.log(latest.number, latest.timestamp, genesis.hash);
 * ```
 */
export async function getBlock(
  client: SdkBaseClient,
  parameters: GetBlockParameters = {},
): Promise<GetBlockReturnType> {
  const { number, hash, signal } = rejectUnknownKeys(parameters, "parameters", KEYS);
  if (number !== undefined && hash !== undefined)
    throw new InvalidArgumentError({
      field: "hash",
      value: hash,
      rule: "give a block number or a hash, not both",
    });
  if (hash !== undefined && (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash)))
    throw new InvalidArgumentError({
      field: "hash",
      value: hash,
      rule: "must be a block hash (0x followed by 64 hex digits)",
    });
  const blockNumber = number === undefined ? undefined : parseBlockNumber(number, "number");
  const call =
    hash !== undefined
      ? { method: "eth_getBlockByHash", params: [hash.toLowerCase(), false] }
      : {
          method: "eth_getBlockByNumber",
          params: [blockNumber === undefined ? "latest" : `0x${blockNumber.toString(16)}`, false],
        };
  return client.track("blockchain.getBlock", undefined, async () => {
    const [raw] = await client.rpc.batch([call], { signal });
    const label = hash?.toLowerCase() ?? blockNumber?.toString() ?? "latest";
    if (raw === null || raw === undefined) throw new BlockNotFoundError({ block: label });
    const decoded = decodeBlock(raw);
    if (!decoded.ok)
      throw toRpcError(
        new Error(
          `the node returned a malformed block ${decoded.field} (${describeValue(decoded.value, 80)})`,
        ),
        {
          rpcUrl: client.rpc.rpcUrl,
          method: call.method,
        },
      );
    const { block } = decoded;
    if (
      (hash !== undefined && block.hash !== hash.toLowerCase()) ||
      (blockNumber !== undefined && block.number !== blockNumber)
    )
      throw toRpcError(new Error(`the node returned block ${block.number} (${block.hash}) for ${label}`), {
        rpcUrl: client.rpc.rpcUrl,
        method: call.method,
      });
    return block;
  });
}
