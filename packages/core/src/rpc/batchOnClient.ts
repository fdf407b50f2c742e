// The one way preflow sends JSON-RPC calls to a node: on a viem `Client` (a preflow client's `publicClient`, or a
// viem client a caller passes to an action), issued in one tick so that a batching transport sends them as ONE
// HTTP request, with the client's one-time chain check folded into the first. The check's state is kept per viem
// client, so a preflow client (`client.rpc` wraps its `publicClient`) and its `publicClient` share it. @internal
import { withAbort } from "@preflow/errors";
import type { Client } from "viem";
import { ChainMismatchError } from "../errors/chain.js";
import { RequestAbortedError } from "../errors/rpc.js";
import { parseOptions } from "../validation/parseOptions.js";
import { parseSignal } from "../validation/parseSignal.js";
import { checkChainId } from "./checkChainId.js";
import type { ActionOptions, ClientOrPreflowClient, RpcBounds, RpcCall } from "./createRpc.js";
import { endpointOf } from "./endpointOf.js";
import { toRpcError } from "./toRpcError.js";

/** A viem client preflow sends requests on (any transport, any chain: the chain check says which). @internal */
export type RequestClient = Pick<Client, "request" | "transport">;

/** The viem client of `client` (a preflow client's `publicClient`, a viem client itself). @internal */
export function requestClientOf(client: ClientOrPreflowClient): RequestClient {
  return "publicClient" in client ? client.publicClient : client;
}

interface ClientState {
  verified: boolean;
  /** The one chain check in flight, shared by every caller until it settles. */
  check: Promise<void> | undefined;
  bounds: RpcBounds | undefined;
}

const STATES = new WeakMap<object, ClientState>();

function stateOf(client: RequestClient): ClientState {
  let state = STATES.get(client);
  if (!state) {
    state = { verified: false, check: undefined, bounds: undefined };
    STATES.set(client, state);
  }
  return state;
}

/** Records the bounds a preflow client's requests run with (named in its time-out errors). @internal */
export function setRequestBounds(client: RequestClient, bounds: RpcBounds): void {
  stateOf(client).bounds = bounds;
}

/** The endpoint named in errors: the transport's URL, or a label when it has none. @internal */
export function endpointLabel(client: RequestClient): string {
  return endpointOf(client) ?? "(the client's transport)";
}

/** Throws {@link RequestAbortedError} when `signal` is already aborted (before any I/O). @internal */
export function throwIfAborted(signal: AbortSignal | undefined, method: string): void {
  if (signal?.aborted) throw new RequestAbortedError({ method, reason: signal.reason });
}

const send = (client: RequestClient, call: RpcCall): Promise<unknown> =>
  client.request({ method: call.method, params: call.params } as never, { dedupe: false } as never);

function fail(client: RequestClient, error: unknown, method: string) {
  return toRpcError(error, { rpcUrl: endpointLabel(client), method, bounds: stateOf(client).bounds });
}

function startChainCheck(client: RequestClient): Promise<void> {
  const state = stateOf(client);
  if (state.check) return state.check;
  const rpcUrl = endpointLabel(client);
  const check = send(client, { method: "eth_chainId" }).then(
    (value) => {
      checkChainId(value, rpcUrl, (reason) => fail(client, new Error(reason), "eth_chainId"));
      state.verified = true;
    },
    (error: unknown) => {
      throw fail(client, error, "eth_chainId");
    },
  );
  state.check = check;
  // A failed check is forgotten, so the next call checks again.
  check.catch(() => {
    if (state.check === check) state.check = undefined;
  });
  return check;
}

/**
 * Sends `calls` as ONE JSON-RPC batch on `client` (one HTTP request on a batching transport), with the client's
 * one chain check folded into the same batch while the chain is not verified yet (concurrent first calls share
 * that one `eth_chainId`). Resolves to the results in order; throws `ChainMismatchError`, `RpcError`,
 * `RpcRateLimitedError` (URL redacted), or `RequestAbortedError` as soon as `signal` aborts;
 * `InvalidArgumentError` for an unknown key in `options`, before any I/O. @internal
 */
export async function batchOnClient(
  client: RequestClient,
  calls: readonly RpcCall[],
  options?: ActionOptions,
): Promise<unknown[]> {
  const signal = parseSignal(parseOptions(options).signal);
  const methods = calls.map((call) => call.method).join(", ") || "eth_chainId";
  throwIfAborted(signal, methods);
  // Issued in the same tick, so viem's http transport sends them (and a new chain check) as one batch.
  const check = stateOf(client).verified ? undefined : startChainCheck(client);
  const settled = Promise.allSettled(calls.map((call) => send(client, call)));
  const work = (async () => {
    if (check) {
      try {
        await check;
      } catch (error) {
        // The whole request failed (not a wrong chain): name every method of it, not just the check.
        const failed = (await settled).find((result) => result.status === "rejected");
        if (error instanceof ChainMismatchError || failed === undefined) throw error;
        throw fail(client, failed.reason, `eth_chainId, ${methods}`);
      }
    }
    return (await settled).map((result, index) => {
      if (result.status === "rejected") throw fail(client, result.reason, calls[index]!.method);
      return result.value;
    });
  })();
  return withAbort(work, signal, methods);
}

/** Verifies `client`'s chain (one request the first time, none after; concurrent callers share it). @internal */
export async function ensureChainOnClient(client: RequestClient, options?: ActionOptions): Promise<void> {
  const signal = parseSignal(parseOptions(options).signal);
  throwIfAborted(signal, "eth_chainId");
  if (!stateOf(client).verified) await withAbort(startChainCheck(client), signal, "eth_chainId");
}
