// The node front's JSON-RPC client of anvil: keeps upstream errors whole (code, message, data) so the front can
// hand them on as a node would.

/** A JSON-RPC error object. */
export interface RpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A JSON-RPC error raised by the front or handed on from anvil. */
export class RpcError extends Error {
  constructor(readonly rpc: RpcErrorObject) {
    super(rpc.message);
  }
}

/** Throws the -32000 error a node gives for a transaction it refuses. */
export function refuse(message: string, code = -32000): never {
  throw new RpcError({ code, message });
}

/** A JSON-RPC caller bound to one upstream URL, with a per-call timeout. */
export type Upstream = <T = unknown>(method: string, params?: readonly unknown[]) => Promise<T>;

/**
 * A caller of the JSON-RPC endpoint at `url`. Each call is bounded by `timeoutMs`; an upstream error becomes an
 * {@link RpcError} carrying the upstream's code, message and data.
 */
export function createUpstream(url: string, timeoutMs = 30_000): Upstream {
  let id = 0;
  return async <T>(method: string, params: readonly unknown[] = []) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as { result?: T; error?: RpcErrorObject };
    if (body.error) throw new RpcError(body.error);
    return body.result as T;
  };
}
