// The types of preflow's requests, apart from the code that sends them (batchOnClient.ts, createRpc.ts), so that
// both import them without a cycle.
import type { Client } from "viem";

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

/**
 * A viem client preflow sends requests on: any transport, any chain (the chain check says which). A preflow
 * client's is its `publicClient`.
 *
 * @example
 * ```ts
 * import type { RequestClient } from "@preflow/core";
 * import { createClient, http } from "viem";
 * const client: RequestClient = createClient({ transport: http("https://forno.celo.org") });
 * ```
 */
export type RequestClient = Pick<Client, "request" | "transport">;

/**
 * A viem client, or a preflow client (whose viem client is its `publicClient`): what the actions that also run on
 * a caller's own viem client accept.
 *
 * @example
 * ```ts
 * import type { ClientOrPreflowClient } from "@preflow/core";
 * const client: ClientOrPreflowClient = createSdkClient(); // or createPublicClient({ chain: celo, transport: http() })
 * ```
 */
export type ClientOrPreflowClient = { readonly publicClient: RequestClient } | RequestClient;
