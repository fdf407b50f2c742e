import { type Address, decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { MULTICALL3_ADDRESS } from "../chain.js";
import type { RpcCall, SdkRpc } from "./createRpc.js";
import { toRpcError } from "./toRpcError.js";

/**
 * The Multicall3 functions preflow uses, as a literal ABI (viem's `multicall3Abi` and `parseAbi` would bring
 * more code into a browser bundle than these five entries).
 */
const uint256Out = [{ name: "", type: "uint256" }] as const;
const multicall3 = [
  {
    type: "function",
    name: "aggregate3",
    stateMutability: "payable",
    inputs: [
      {
        name: "calls",
        type: "tuple[]",
        components: [
          { name: "target", type: "address" },
          { name: "allowFailure", type: "bool" },
          { name: "callData", type: "bytes" },
        ],
      },
    ],
    outputs: [
      {
        name: "returnData",
        type: "tuple[]",
        components: [
          { name: "success", type: "bool" },
          { name: "returnData", type: "bytes" },
        ],
      },
    ],
  },
  { type: "function", name: "getBlockNumber", stateMutability: "view", inputs: [], outputs: uint256Out },
  {
    type: "function",
    name: "getEthBalance",
    stateMutability: "view",
    inputs: [{ name: "addr", type: "address" }],
    outputs: uint256Out,
  },
  {
    type: "function",
    name: "getCurrentBlockTimestamp",
    stateMutability: "view",
    inputs: [],
    outputs: uint256Out,
  },
] as const;

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
 * The errors {@link readBatch} throws.
 *
 * @example
 * ```ts
 * import type { ReadBatchErrorType } from "@preflow/core";
 * ```
 */
export type ReadBatchErrorType =
  | import("../errors/chain.js").ChainMismatchError
  | import("../errors/rpc.js").RpcError;

/**
 * Runs contract `reads` through Multicall3 and other JSON-RPC `calls`, all in ONE HTTP request (a JSON-RPC
 * batch, with the client's one-time chain check folded in). The building block of every preflow action that
 * reads chain state: a new group's `prepare*` reads its balances, allowances, quotes and the block number
 * with one call of this.
 *
 * HTTP requests: 1.
 *
 * @throws {ChainMismatchError} the endpoint is not chain 42220.
 * @throws {RpcError} transport or JSON-RPC failure (URL redacted), or a Multicall3 answer that does not decode.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, readBatch } from "@preflow/core";
 * import { encodeFunctionData, erc20Abi } from "viem";
 *
 * const client = createSdkBaseClient();
 * const { reads, blockNumber } = await readBatch(client, {
 *   reads: [{ target: usdm, callData: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }) }],
 *   blockNumber: true,
 * });
 * ```
 */
export async function readBatch(
  client: { readonly rpc: SdkRpc },
  parameters: ReadBatchParameters,
): Promise<ReadBatchReturnType> {
  const { rpc } = client;
  const withBlock = parameters.blockNumber === true;
  const reads = [...(parameters.reads ?? [])];
  const calls = [...(parameters.calls ?? [])];
  const blockInAggregate = withBlock && reads.length > 0;
  const blockAsCall = withBlock && reads.length === 0;
  if (blockInAggregate) {
    reads.push({
      target: MULTICALL3_ADDRESS,
      callData: encodeFunctionData({ abi: multicall3, functionName: "getBlockNumber" }),
    });
  }
  if (blockAsCall) calls.push({ method: "eth_blockNumber" });
  const all: RpcCall[] = reads.length > 0 ? [aggregateCall(reads), ...calls] : calls;
  if (all.length === 0) {
    await rpc.ensureChain();
    return { reads: [], calls: [], blockNumber: undefined };
  }
  const results = await rpc.batch(all);
  let decoded: ReadResult[] = [];
  if (reads.length > 0) {
    try {
      decoded = decodeAggregate(results.shift());
    } catch (error) {
      throw toRpcError(
        new Error(
          `Multicall3 returned data that does not decode (${error instanceof Error ? error.message.split("\n")[0] : "unknown"})`,
        ),
        { rpcUrl: rpc.rpcUrl, method: "eth_call" },
      );
    }
  }
  let blockNumber: bigint | undefined;
  if (blockInAggregate) {
    const read = decoded.pop();
    blockNumber = read?.returnData
      ? decodeFunctionResult({ abi: multicall3, functionName: "getBlockNumber", data: read.returnData })
      : undefined;
  } else if (blockAsCall) {
    const raw = results.pop();
    blockNumber = typeof raw === "string" && /^0x[0-9a-fA-F]+$/.test(raw) ? BigInt(raw) : undefined;
  }
  if (withBlock && blockNumber === undefined) {
    throw toRpcError(new Error("the node returned no block number"), {
      rpcUrl: rpc.rpcUrl,
      method: "eth_call",
    });
  }
  return { reads: decoded, calls: results, blockNumber };
}

/** Encodes `Multicall3.getEthBalance(owner)` (the CELO balance of an address) as a read. @internal */
export function ethBalanceRead(owner: Address): ReadCall {
  return {
    target: MULTICALL3_ADDRESS,
    callData: encodeFunctionData({ abi: multicall3, functionName: "getEthBalance", args: [owner] }),
  };
}

/** Decodes the result of {@link ethBalanceRead}; a failed read counts as 0. @internal */
export function decodeEthBalance(result: ReadResult | undefined): bigint {
  return result?.success && result.returnData
    ? decodeFunctionResult({ abi: multicall3, functionName: "getEthBalance", data: result.returnData })
    : 0n;
}

/** Encodes `Multicall3.getCurrentBlockTimestamp()` as a read. @internal */
export function blockTimestampRead(): ReadCall {
  return {
    target: MULTICALL3_ADDRESS,
    callData: encodeFunctionData({ abi: multicall3, functionName: "getCurrentBlockTimestamp" }),
  };
}

/** Decodes the result of {@link blockTimestampRead}. @internal */
export function decodeBlockTimestamp(data: Hex): bigint {
  return decodeFunctionResult({ abi: multicall3, functionName: "getCurrentBlockTimestamp", data });
}

function aggregateCall(calls: readonly ReadCall[]): RpcCall {
  const data = encodeFunctionData({
    abi: multicall3,
    functionName: "aggregate3",
    args: [calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.callData }))],
  });
  return { method: "eth_call", params: [{ to: MULTICALL3_ADDRESS, data }, "latest"] };
}

function decodeAggregate(result: unknown): ReadResult[] {
  const decoded = decodeFunctionResult({ abi: multicall3, functionName: "aggregate3", data: result as Hex });
  return decoded.map(({ success, returnData }) => {
    const ok = success && returnData !== "0x";
    return { success: ok, returnData: ok ? returnData : undefined };
  });
}
