import { rejectUnknownKeys } from "@preflow/errors";
import { type Abi, type AbiFunction, type Address, encodeFunctionData, getAbiItem, type Hex } from "viem";
import { aggregate3Function, multicall3Abi } from "../abi/multicall3Abi.js";
import { MULTICALL3_ADDRESS } from "../chain.js";
import { batchOnClient, endpointLabel, requestClientOf } from "./batchOnClient.js";
import type { ClientOrPreflowClient, RpcCall } from "./createRpc.js";
import { decodeOutputs, wrongReadError } from "./decodeFunctionResultStrict.js";
import { toRpcError } from "./toRpcError.js";

/**
 * One read of a Multicall3 `aggregate3` (`allowFailure: true`).
 *
 * @example
 * ```ts
 * import type { ReadCall } from "@preflow/core";
 * import { encodeFunctionData, erc20Abi } from "viem";
 * const read: ReadCall = { target: token, callData: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }) };
 * ```
 */
export interface ReadCall {
  target: Address;
  callData: Hex;
  /**
   * The ABI of the function called (found by `callData`'s selector). Give it: `readBatch` then decodes the
   * answer strictly (exactly the canonical ABI encoding of the outputs, see `decodeFunctionResultStrict`) into
   * `value`, and a wrong shape is an `RpcError` naming the function and `target`.
   */
  abi?: Abi | readonly unknown[];
}

/**
 * The outcome of one {@link ReadCall}: `returnData` is `undefined` when the call failed or returned nothing
 * (no contract at the target).
 *
 * @example
 * ```ts
 * import type { ReadResult } from "@preflow/core";
 * const result: ReadResult = { success: true, returnData: "0x…" };
 * ```
 */
export interface ReadResult {
  success: boolean;
  returnData: Hex | undefined;
  /**
   * The decoded answer when the read carried its `abi` and succeeded (one output: the value; several: an
   * array), else `undefined`.
   */
  value?: unknown;
}

/**
 * Parameters of {@link readBatch}.
 *
 * @example
 * ```ts
 * import type { ReadBatchParameters } from "@preflow/core";
 * const parameters: ReadBatchParameters = { reads: [read], blockNumber: true };
 * ```
 */
export interface ReadBatchParameters {
  /** Contract reads, all in one Multicall3 `aggregate3` `eth_call`. */
  reads?: readonly ReadCall[];
  /** Other JSON-RPC calls, in the same batch. */
  calls?: readonly RpcCall[];
  /**
   * Also read the block number the reads saw: `Multicall3.getBlockNumber()` inside the same `aggregate3` (so
   * it is the reads' own state), or `eth_blockNumber` in the batch when there are no reads. Default `false`.
   */
  blockNumber?: boolean;
  /** Aborts the wait: rejects with `RequestAbortedError` at once. */
  signal?: AbortSignal | undefined;
}

/**
 * What {@link readBatch} returns.
 *
 * @example
 * ```ts
 * import type { ReadBatchReturnType } from "@preflow/core";
 * const { reads, calls, blockNumber }: ReadBatchReturnType = await readBatch(client, { reads, blockNumber: true });
 * ```
 */
export interface ReadBatchReturnType {
  /** One result per read, in order. */
  reads: ReadResult[];
  /** One result per call, in order. */
  calls: unknown[];
  /** The block the reads saw, when asked for. */
  blockNumber: bigint | undefined;
}

/**
 * The errors {@link readBatch} throws (every one an `SdkError`), and when.
 *
 * - {@link ChainMismatchError}: the endpoint is not chain 42220.
 * - {@link RpcError}: transport or JSON-RPC failure (URL redacted), a Multicall3 answer that does not decode strictly, or a read (with `abi`) whose answer is not its function's canonical encoding.
 * - {@link RpcRateLimitedError}: the endpoint asked to wait longer than `maxRetryAfterMs`.
 * - {@link RequestAbortedError}: `signal` aborted.
 * - {@link InvalidArgumentError}: an unknown key in `parameters`, a read or a call (named, with the nearest valid one), or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { ReadBatchErrorType } from "@preflow/core";
 * ```
 */
export type ReadBatchErrorType =
  | import("../errors/argument.js").InvalidArgumentError
  | import("../errors/chain.js").ChainMismatchError
  | import("../errors/rpc.js").RpcError
  | import("../errors/rpc.js").RpcRateLimitedError
  | import("../errors/rpc.js").RequestAbortedError;

const KEYS = ["reads", "calls", "blockNumber", "signal"];
const READ_KEYS = ["target", "callData", "abi"];
const CALL_KEYS = ["method", "params"];

/**
 * Runs contract `reads` through Multicall3 and other JSON-RPC `calls`, all in ONE HTTP request (a JSON-RPC
 * batch, with the client's one-time chain check folded in). The building block of every preflow action that
 * reads chain state: a new group's `prepare*` reads its balances, allowances, quotes and the block number
 * with one call of this. `client` is a preflow client (its `publicClient` sends) or any viem client.
 *
 * HTTP requests: 1.
 *
 * Strict: the Multicall3 answer must be exactly the canonical encoding of `aggregate3`'s result, and every read
 * that carries its `abi` exactly the canonical encoding of its function's outputs; anything else is an
 * `RpcError` naming the function and contract, never a silently wrong value.
 *
 * @throws {@link ReadBatchErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, readBatch } from "@preflow/core";
 * import { encodeFunctionData, erc20Abi } from "viem";
 *
 * const client = createSdkBaseClient();
 * const { reads, blockNumber } = await readBatch(client, {
 *   reads: [{ target: usdm, abi: erc20Abi, callData: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }) }],
 *   blockNumber: true,
 * });
 * const balance = reads[0]?.value as bigint | undefined; // undefined: the call reverted
 * ```
 */
export async function readBatch(
  client: ClientOrPreflowClient,
  parameters: ReadBatchParameters,
): Promise<ReadBatchReturnType> {
  const viem = requestClientOf(client);
  const rpcUrl = endpointLabel(viem);
  rejectUnknownKeys(parameters, "parameters", KEYS);
  const { signal } = parameters;
  if (Array.isArray(parameters.reads))
    for (const [index, read] of parameters.reads.entries())
      rejectUnknownKeys(read, `reads[${index}]`, READ_KEYS);
  if (Array.isArray(parameters.calls))
    for (const [index, call] of parameters.calls.entries())
      rejectUnknownKeys(call, `calls[${index}]`, CALL_KEYS);
  const withBlock = parameters.blockNumber === true;
  const reads = [...(parameters.reads ?? [])];
  const calls = [...(parameters.calls ?? [])];
  const blockInAggregate = withBlock && reads.length > 0;
  const blockAsCall = withBlock && reads.length === 0;
  if (blockInAggregate) reads.push(blockNumberRead());
  if (blockAsCall) calls.push({ method: "eth_blockNumber" });
  const all: RpcCall[] = reads.length > 0 ? [aggregateCall(reads), ...calls] : calls;
  // no calls: only the chain check
  const results = await batchOnClient(viem, all, { signal });
  if (all.length === 0) return { reads: [], calls: [], blockNumber: undefined };
  const malformed = (reason: string, method = "eth_call") =>
    toRpcError(new Error(reason), { rpcUrl, method });
  let decoded: ReadResult[] = [];
  if (reads.length > 0) {
    const answer = results.shift();
    const aggregate = decodeOutputs(aggregate3Function.outputs, answer);
    if (!aggregate.ok) {
      throw malformed(
        `Multicall3 ${MULTICALL3_ADDRESS} aggregate3 returned ${aggregate.reason}`,
        `eth_call (aggregate3 at ${MULTICALL3_ADDRESS})`,
      );
    }
    const entries = aggregate.values[0] as readonly { success: boolean; returnData: Hex }[];
    if (entries.length !== reads.length) {
      throw malformed(
        `Multicall3 ${MULTICALL3_ADDRESS} aggregate3 returned ${entries.length} results for ${reads.length} calls`,
        `eth_call (aggregate3 at ${MULTICALL3_ADDRESS})`,
      );
    }
    decoded = entries.map(({ success, returnData }, index) =>
      decodeRead(reads[index]!, success, returnData, rpcUrl),
    );
  }
  let blockNumber: bigint | undefined;
  if (blockInAggregate) {
    const value = decoded.pop()?.value;
    blockNumber = typeof value === "bigint" ? value : undefined;
  } else if (blockAsCall) {
    const raw = results.pop();
    blockNumber = typeof raw === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(raw) ? BigInt(raw) : undefined;
  }
  if (withBlock && blockNumber === undefined) {
    throw malformed("the node returned no block number", blockAsCall ? "eth_blockNumber" : "eth_call");
  }
  return { reads: decoded, calls: results, blockNumber };
}

/** One inner result of `aggregate3`, decoded strictly when the read carries its ABI. */
function decodeRead(read: ReadCall, success: boolean, returnData: Hex, rpcUrl: string): ReadResult {
  const ok = success && returnData !== "0x";
  if (!ok) return { success: false, returnData: undefined };
  if (read.abi === undefined) return { success: true, returnData };
  const selector = read.callData.slice(0, 10).toLowerCase() as Hex;
  const item = functionOf(read.abi, selector);
  const label = `${item?.name ?? selector} at ${read.target}`;
  const wrong = (reason: string) =>
    wrongReadError({ rpcUrl, target: read.target, functionName: item?.name ?? selector, reason });
  if (item === undefined) throw wrong(`the ABI given for ${label} has no function with selector ${selector}`);
  const result = decodeOutputs(item.outputs, returnData);
  if (!result.ok) throw wrong(`${label} returned ${result.reason} (inside Multicall3 aggregate3)`);
  const value = result.values.length > 1 ? result.values : result.values[0];
  return { success: true, returnData, value };
}

const functionsBySelector = new WeakMap<object, Map<Hex, AbiFunction | undefined>>();

/** The function of `abi` with 4-byte `selector`, looked up once per ABI and selector. */
function functionOf(abi: Abi | readonly unknown[], selector: Hex): AbiFunction | undefined {
  let known = functionsBySelector.get(abi);
  if (known === undefined) {
    known = new Map();
    functionsBySelector.set(abi, known);
  }
  if (!known.has(selector)) {
    let item: AbiFunction | undefined;
    try {
      const found = getAbiItem({ abi: abi as Abi, name: selector });
      item = found?.type === "function" ? found : undefined;
    } catch {
      item = undefined;
    }
    known.set(selector, item);
  }
  return known.get(selector);
}

/** Encodes `Multicall3.getEthBalance(owner)` (the CELO balance of an address) as a read. @internal */
export function ethBalanceRead(owner: Address): ReadCall {
  return {
    target: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    callData: encodeFunctionData({ abi: multicall3Abi, functionName: "getEthBalance", args: [owner] }),
  };
}

/** The result of {@link ethBalanceRead} (strictly decoded by `readBatch`); a failed read counts as 0. @internal */
export function decodeEthBalance(result: ReadResult | undefined): bigint {
  return typeof result?.value === "bigint" ? result.value : 0n;
}

/** Encodes `Multicall3.getCurrentBlockTimestamp()` as a read. @internal */
export function blockTimestampRead(): ReadCall {
  return {
    target: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    callData: encodeFunctionData({ abi: multicall3Abi, functionName: "getCurrentBlockTimestamp" }),
  };
}

function blockNumberRead(): ReadCall {
  return {
    target: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    callData: encodeFunctionData({ abi: multicall3Abi, functionName: "getBlockNumber" }),
  };
}

function aggregateCall(calls: readonly ReadCall[]): RpcCall {
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.callData }))],
  });
  return { method: "eth_call", params: [{ to: MULTICALL3_ADDRESS, data }, "latest"] };
}
