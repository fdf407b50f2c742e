import { withAbort } from "@preflow/errors";
import { type Chain, type Client, createClient, http, type Transport } from "viem";
import { CELO_CHAIN } from "../chain.js";
import { ChainMismatchError } from "../errors/chain.js";
import { redactUrl } from "../errors/redact.js";
import { RequestAbortedError } from "../errors/rpc.js";
import { parseOptions } from "../validation/parseOptions.js";
import { parseSignal } from "../validation/parseSignal.js";
import { checkChainId } from "./checkChainId.js";
import { createRetryAfterFetch } from "./createRetryAfterFetch.js";
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
   * Sends `calls` as ONE JSON-RPC batch (one HTTP request), with the client's one chain check folded into the
   * same batch while the chain is not verified yet (concurrent first calls share that one `eth_chainId`).
   * Resolves to the results in order; throws `ChainMismatchError`, `RpcError`, `RpcRateLimitedError` (URL
   * redacted), or `RequestAbortedError` as soon as `signal` aborts (the HTTP request itself is aborted); `InvalidArgumentError` for an unknown key in `options`, before any I/O.
   */
  batch(calls: readonly RpcCall[], options?: ActionOptions): Promise<unknown[]>;
  /** Verifies the chain (one request the first time, none after; concurrent callers share it). */
  ensureChain(options?: ActionOptions): Promise<void>;
}

/**
 * The last, optional argument of every client member that talks to the node (and of `client.rpc.batch`), and what
 * the parameters of the exported reads and `prepare*` actions extend: `signal` stops waiting for the answer at once.
 *
 * @example
 * ```ts
 * import type { ActionOptions } from "@preflow/core";
 * const options: ActionOptions = { signal: AbortSignal.timeout(5_000) };
 * await client.token.getBalance(owner, "USDm", options);
 * await client.rpc.batch([{ method: "eth_blockNumber" }], options);
 * ```
 */
export interface ActionOptions {
  /** Stops waiting for the node: the call rejects with `RequestAbortedError` at once (checked before any I/O too). */
  signal?: AbortSignal | undefined;
}

/** The bounds of every request of a client (validated by `resolveConfig`). @internal */
export interface RpcBounds {
  readonly timeoutMs: number;
  readonly retryCount: number;
  readonly maxRetryAfterMs: number;
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

/** The one abort race, from attribution (re-exported for core's actions). @internal */
export { withAbort };

/** Throws {@link RequestAbortedError} when `signal` is already aborted (before any I/O). @internal */
export function throwIfAborted(signal: AbortSignal | undefined, method: string): void {
  if (signal?.aborted) throw new RequestAbortedError({ method, reason: signal.reason });
}

/** Creates the viem client over `http(rpcUrl)` (batching, bounded retries) and the batch layer on it. @internal */
export function createRpc(
  rpcUrl: string,
  bounds: RpcBounds,
): { rpc: SdkRpc; publicClient: Client<Transport, Chain> } {
  const publicClient = createClient({
    chain: CELO_CHAIN,
    transport: createSdkTransport(rpcUrl, bounds),
  }) as Client<Transport, Chain>;
  const fail = (error: unknown, method: string) => toRpcError(error, { rpcUrl, method, bounds });
  // With a signal, viem's http transport aborts the fetch itself (the HTTP request does not go on after an
  // abort); the calls of one batch and a chain check started with them share the signal, so they stay one request.
  const request = (call: RpcCall, signal?: AbortSignal): Promise<unknown> =>
    publicClient.request(
      { method: call.method, params: call.params } as never,
      { dedupe: false, signal } as never,
    );

  let chainVerified = false;
  /** The one chain check in flight, shared by every caller until it settles. */
  let chainCheck: Promise<void> | undefined;
  /** The signal the chain check in flight was sent with (it is aborted with the call that started it). */
  let chainCheckSignal: AbortSignal | undefined;

  const startChainCheck = (signal?: AbortSignal): Promise<void> => {
    if (chainCheck) return chainCheck;
    const check = request({ method: "eth_chainId" }, signal).then(
      (value) => {
        checkChainId(value, rpcUrl, (reason) => fail(new Error(reason), "eth_chainId"));
        chainVerified = true;
      },
      (error: unknown) => {
        throw fail(error, "eth_chainId");
      },
    );
    chainCheck = check;
    chainCheckSignal = signal;
    // A failed check is forgotten, so the next call checks again.
    check.catch(() => {
      if (chainCheck === check) chainCheck = undefined;
    });
    return check;
  };

  /**
   * Starts or joins the chain check; when the check was another call's and that call's signal aborted it, checks
   * again (one more request, only in that race) instead of failing this call.
   */
  const joinChainCheck = (signal: AbortSignal | undefined): Promise<void> => {
    const check = startChainCheck(signal);
    const starter = chainCheckSignal;
    return check.catch((error: unknown) => {
      if (starter === signal || !starter?.aborted || error instanceof ChainMismatchError) throw error;
      return startChainCheck(signal);
    });
  };

  const batch = async (calls: readonly RpcCall[], options?: ActionOptions): Promise<unknown[]> => {
    const signal = parseSignal(parseOptions(options).signal);
    const methods = calls.map((call) => call.method).join(", ") || "eth_chainId";
    throwIfAborted(signal, methods);
    // Issued in the same tick, so viem's http transport sends them (and a new chain check) as one batch.
    const check = chainVerified ? undefined : joinChainCheck(signal);
    const settled = Promise.allSettled(calls.map((call) => request(call, signal)));
    const work = (async () => {
      if (check) {
        try {
          await check;
        } catch (error) {
          // The whole request failed (not a wrong chain): name every method of it, not just the check.
          const failed = (await settled).find((result) => result.status === "rejected");
          if (error instanceof ChainMismatchError || failed === undefined) throw error;
          throw fail(failed.reason, `eth_chainId, ${methods}`);
        }
      }
      return (await settled).map((result, index) => {
        if (result.status === "rejected") throw fail(result.reason, calls[index]!.method);
        return result.value;
      });
    })();
    return withAbort(work, signal, methods);
  };

  const rpc: SdkRpc = Object.freeze({
    rpcUrl,
    batch,
    async ensureChain(options?: ActionOptions) {
      const signal = parseSignal(parseOptions(options).signal);
      throwIfAborted(signal, "eth_chainId");
      if (!chainVerified) await withAbort(joinChainCheck(signal), signal, "eth_chainId");
    },
  });
  return { rpc, publicClient };
}
