import { type Chain, type Client, createClient, http, type Transport } from "viem";
import { CELO_CHAIN, CHAIN_ID } from "../chain.js";
import { ChainMismatchError } from "../errors/chain.js";
import { redactUrl } from "../errors/redact.js";
import { toRpcError } from "./toRpcError.js";

/**
 * One JSON-RPC call of a batch.
 *
 * @example
 * ```ts
 * import type { RpcCall } from "@preflow/core";
 * const call: RpcCall = { method: "eth_getTransactionReceipt", params: [hash] };
 * ```
 */
export interface RpcCall {
  method: string;
  params?: readonly unknown[];
}

/**
 * The RPC layer of a client (`client.rpc`): JSON-RPC batching with the one-time chain check folded in. Actions
 * of other groups use it to keep every operation at one HTTP request.
 *
 * @example
 * ```ts
 * const [block, gasPrice] = await client.rpc.batch([
 *   { method: "eth_getBlockByNumber", params: ["latest", false] },
 *   { method: "eth_gasPrice" },
 * ]); // one HTTP request
 * ```
 */
export interface SdkRpc {
  /** The endpoint as configured (may hold credentials: print {@link redactUrl}`(rpcUrl)`, never this). */
  readonly rpcUrl: string;
  /**
   * Sends `calls` as ONE JSON-RPC batch (one HTTP request), with the one-time `eth_chainId` check folded into
   * the same batch while the chain is not verified yet. Resolves to the results in order; throws
   * `ChainMismatchError` or `RpcError` (URL redacted).
   */
  batch(calls: readonly RpcCall[]): Promise<unknown[]>;
  /** Verifies the chain (one request the first time, none after). */
  ensureChain(): Promise<void>;
}

/** Retries per request on 429, 5xx and timeouts (viem's http transport rules). */
const RETRY_COUNT = 3;
const RETRY_DELAY_MS = 150;
const TIMEOUT_MS = 15_000;

/** Creates the viem client over `http(rpcUrl)` (batching, retries) and the batch layer on it. @internal */
export function createRpc(rpcUrl: string): { rpc: SdkRpc; publicClient: Client<Transport, Chain> } {
  const publicClient = createClient({
    chain: CELO_CHAIN,
    transport: http(rpcUrl, {
      batch: { batchSize: 1000, wait: 0 },
      retryCount: RETRY_COUNT,
      retryDelay: RETRY_DELAY_MS,
      timeout: TIMEOUT_MS,
    }),
  }) as Client<Transport, Chain>;
  let chainVerified = false;

  const check = (result: PromiseSettledResult<unknown>): void => {
    if (result.status === "rejected") throw toRpcError(result.reason, { rpcUrl, method: "eth_chainId" });
    const value = result.value;
    const actual =
      typeof value === "string" && /^0x[0-9a-fA-F]+$/.test(value) ? Number.parseInt(value, 16) : Number.NaN;
    if (Number.isNaN(actual)) {
      throw toRpcError(new Error(`eth_chainId returned ${JSON.stringify(value)}`), {
        rpcUrl,
        method: "eth_chainId",
      });
    }
    if (actual !== CHAIN_ID)
      throw new ChainMismatchError({ expected: CHAIN_ID, actual, rpcUrl: redactUrl(rpcUrl) });
    chainVerified = true;
  };

  const batch = async (calls: readonly RpcCall[]): Promise<unknown[]> => {
    const withCheck = !chainVerified;
    const all: RpcCall[] = withCheck ? [{ method: "eth_chainId" }, ...calls] : [...calls];
    // Issued in the same tick, so viem's http transport sends them as one JSON-RPC batch.
    const settled = await Promise.allSettled(
      all.map((call) =>
        publicClient.request(
          { method: call.method, params: call.params } as never,
          { dedupe: false } as never,
        ),
      ),
    );
    if (withCheck) check(settled.shift()!);
    return settled.map((result, index) => {
      if (result.status === "rejected")
        throw toRpcError(result.reason, { rpcUrl, method: calls[index]!.method });
      return result.value;
    });
  };

  const rpc: SdkRpc = Object.freeze({
    rpcUrl,
    batch,
    async ensureChain() {
      if (!chainVerified) await batch([]);
    },
  });
  return { rpc, publicClient };
}
