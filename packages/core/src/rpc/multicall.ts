import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, multicall3Abi } from "viem";
import { MULTICALL3_ADDRESS } from "../chain.js";
import type { Rpc, RpcCall } from "./createRpc.js";
import { toRpcError } from "./toRpcError.js";

/** One read of a Multicall3 `aggregate3`. @internal */
export interface ReadCall {
  target: Address;
  callData: Hex;
}

/** The outcome of one read: `returnData` is `undefined` when the call failed or returned nothing. @internal */
export interface ReadResult {
  success: boolean;
  returnData: Hex | undefined;
}

/** The `eth_call` of Multicall3 `aggregate3` (every call with `allowFailure: true`). @internal */
export function aggregateCall(calls: readonly ReadCall[]): RpcCall {
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.callData }))],
  });
  return { method: "eth_call", params: [{ to: MULTICALL3_ADDRESS, data }, "latest"] };
}

/** Decodes the result of {@link aggregateCall}. An empty return (no contract) counts as a failure. @internal */
export function decodeAggregate(result: unknown): ReadResult[] {
  const decoded = decodeFunctionResult({
    abi: multicall3Abi,
    functionName: "aggregate3",
    data: result as Hex,
  });
  return decoded.map(({ success, returnData }) => {
    const ok = success && returnData !== "0x";
    return { success: ok, returnData: ok ? returnData : undefined };
  });
}

/**
 * Runs `reads` through Multicall3 and `extra` JSON-RPC calls, all in ONE HTTP request (the chain check
 * folded in when needed). @internal
 */
export async function readAll(
  rpc: Rpc,
  reads: readonly ReadCall[],
  extra: readonly RpcCall[] = [],
): Promise<{ reads: ReadResult[]; extra: unknown[] }> {
  const calls = reads.length > 0 ? [aggregateCall(reads), ...extra] : [...extra];
  if (calls.length === 0) {
    await rpc.ensureChain();
    return { reads: [], extra: [] };
  }
  const results = await rpc.batch(calls);
  if (reads.length === 0) return { reads: [], extra: results };
  let decoded: ReadResult[];
  try {
    decoded = decodeAggregate(results[0]);
  } catch (error) {
    throw toRpcError(
      new Error(
        `Multicall3 returned data that does not decode (${error instanceof Error ? error.message.split("\n")[0] : "unknown"})`,
      ),
      rpc.rpcUrl,
      "eth_call",
    );
  }
  return { reads: decoded, extra: results.slice(1) };
}
