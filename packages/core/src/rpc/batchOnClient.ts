// The one way preflow sends JSON-RPC calls to a node: on a viem `Client` (a preflow client's `publicClient`, or a
// viem client a caller passes to an action), issued in one tick so that a batching transport sends them as ONE
// HTTP request, with the client's one-time chain check folded into the first. The check's state is kept per viem
// client (its batcher, made once), so a preflow client (`client.rpc` wraps its `publicClient`) and its
// `publicClient` share it. @internal
import { withAbort } from "@preflow/errors";
import { ChainMismatchError } from "../errors/chain.js";
import { RequestAbortedError } from "../errors/rpc.js";
import { parseOptions } from "../validation/parseOptions.js";
import { parseSignal } from "../validation/parseSignal.js";
import { checkChainId } from "./checkChainId.js";
import { endpointOf } from "./endpointOf.js";
import type {
  ActionOptions,
  ClientOrPreflowClient,
  RequestClient,
  RpcBounds,
  RpcCall,
} from "./requestTypes.js";
import { toRpcError } from "./toRpcError.js";

/** The viem client of `client` (a preflow client's `publicClient`, a viem client itself). @internal */
export function requestClientOf(client: ClientOrPreflowClient): RequestClient {
  return "publicClient" in client ? client.publicClient : client;
}

/** The endpoint named in errors: the transport's URL, or a label when it has none. @internal */
export function endpointLabel(client: RequestClient): string {
  return endpointOf(client) ?? "(the client's transport)";
}

/** Throws {@link RequestAbortedError} when `signal` is already aborted (before any I/O). @internal */
export function throwIfAborted(signal: AbortSignal | undefined, method: string): void {
  if (signal?.aborted) throw new RequestAbortedError({ method, reason: signal.reason });
}

type Batcher = (calls: readonly RpcCall[], options?: ActionOptions) => Promise<unknown[]>;

const BATCHERS = new WeakMap<object, Batcher>();

/**
 * Makes `client`'s batcher (its chain check kept with it); `bounds` (a preflow client's) are named in time-out
 * errors. Once per viem client: a preflow client makes its own when it is created. @internal
 */
export function createBatcher(client: RequestClient, bounds?: RpcBounds): Batcher {
  const rpcUrl = endpointLabel(client);
  const fail = (error: unknown, method: string) => toRpcError(error, { rpcUrl, method, bounds });
  // With a signal, viem's http transport aborts the fetch itself (the HTTP request does not go on after an
  // abort); the calls of one batch and a chain check started with them share the signal, so they stay one request.
  const request = (call: RpcCall, signal?: AbortSignal): Promise<unknown> =>
    client.request(
      { method: call.method, params: call.params } as never,
      (signal ? { dedupe: false, signal } : { dedupe: false }) as never,
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

  const batch: Batcher = async (calls, options) => {
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
  BATCHERS.set(client, batch);
  return batch;
}

/**
 * Sends `calls` as ONE JSON-RPC batch on `client` (one HTTP request on a batching transport), with the client's
 * one chain check folded into the same batch while the chain is not verified yet (concurrent first calls share
 * that one `eth_chainId`). Resolves to the results in order; throws `ChainMismatchError`, `RpcError`,
 * `RpcRateLimitedError` (URL redacted), or `RequestAbortedError` as soon as `signal` aborts (the HTTP request itself is aborted);
 * `InvalidArgumentError` for an unknown key in `options`, before any I/O. No calls: only the chain check (none
 * once verified). @internal
 */
export function batchOnClient(
  client: RequestClient,
  calls: readonly RpcCall[],
  options?: ActionOptions,
): Promise<unknown[]> {
  return (BATCHERS.get(client) ?? createBatcher(client))(calls, options);
}
