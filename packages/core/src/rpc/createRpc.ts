import { withAbort } from "@preflow/errors";
import { type Chain, type Client, createClient, http, type Transport } from "viem";
import { CELO_CHAIN } from "../chain.js";
import type { redactUrl } from "../errors/redact.js";
import { createBatcher } from "./batchOnClient.js";
import type { ActionOptions, RpcBounds, RpcCall } from "./requestTypes.js";

export type * from "./requestTypes.js";

import { createRetryAfterFetch } from "./createRetryAfterFetch.js";

/**
 * The RPC layer of a client (`client.rpc`): JSON-RPC batching with the one-time chain check folded in, on the
 * client's viem `publicClient` (the same check: a call on either verifies the chain for both). Actions of other
 * groups use it to keep every operation at one HTTP request.
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
   * Sends `calls` as ONE JSON-RPC batch (one HTTP request), with the client's one chain check folded into the
   * same batch while the chain is not verified yet (concurrent first calls share that one `eth_chainId`).
   * Resolves to the results in order; throws `ChainMismatchError`, `RpcError`, `RpcRateLimitedError` (URL
   * redacted), or `RequestAbortedError` as soon as `signal` aborts (the HTTP request itself is aborted); `InvalidArgumentError` for an unknown key in `options`, before any I/O.
   */
  batch(calls: readonly RpcCall[], options?: ActionOptions): Promise<unknown[]>;
  /** Verifies the chain (one request the first time, none after; concurrent callers share it). */
  ensureChain(options?: ActionOptions): Promise<void>;
}

/** Back-off between retries without a `Retry-After`: 150 ms, then doubling (viem's rule). */
const RETRY_DELAY_MS = 150;

/**
 * The viem `http` transport of a preflow client: JSON-RPC batching, `timeoutMs` per HTTP request, `retryCount`
 * retries (viem's rules: 408/429/5xx, time-outs, lost connections), `Retry-After` honoured up to
 * `maxRetryAfterMs` and refused beyond it. @internal
 */
export function createSdkTransport(url: string, bounds: RpcBounds, batchSize = 1000): Transport {
  return http(url, {
    batch: { batchSize, wait: 0 },
    retryCount: bounds.retryCount,
    retryDelay: RETRY_DELAY_MS,
    timeout: bounds.timeoutMs,
    fetchFn: createRetryAfterFetch({ maxRetryAfterMs: bounds.maxRetryAfterMs }),
  });
}

/** Throws {@link RequestAbortedError} when `signal` is already aborted (before any I/O). @internal */
export { throwIfAborted } from "./batchOnClient.js";
/** The one abort race, from attribution (re-exported for core's actions). @internal */
export { withAbort };

/**
 * Creates the viem client over `http(rpcUrl)` (batching, bounded retries) and `rpc`, the batch layer on it
 * (batchOnClient.ts: what every request of preflow goes through). @internal
 */
export function createRpc(
  rpcUrl: string,
  bounds: RpcBounds,
): { rpc: SdkRpc; publicClient: Client<Transport, Chain> } {
  const publicClient = createClient({
    chain: CELO_CHAIN,
    transport: createSdkTransport(rpcUrl, bounds),
  }) as Client<Transport, Chain>;
  const batch = createBatcher(publicClient, bounds);
  const rpc: SdkRpc = Object.freeze({
    rpcUrl,
    batch,
    ensureChain: async (options?: ActionOptions) => {
      await batch([], options);
    },
  });
  return { rpc, publicClient };
}
