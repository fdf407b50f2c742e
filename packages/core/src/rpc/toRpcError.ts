import { redactUrl, summarizeError } from "../errors/redact.js";
import { RpcError } from "../errors/rpc.js";

/**
 * Wraps a transport or JSON-RPC failure in an {@link RpcError}: the reason comes from `summarizeError` (the
 * server's own message, one line), and the endpoint URL is redacted everywhere.
 *
 * @param error - What the transport threw.
 * @param parameters - `rpcUrl`: the endpoint as configured (redacted here); `method`: the JSON-RPC method(s).
 * @returns The `RpcError` to throw.
 *
 * @example
 * ```ts
 * import { toRpcError } from "@preflow/core";
 *
 * try {
 *   await client.publicClient.request({ method: "eth_blockNumber" });
 * } catch (error) {
 *   throw toRpcError(error, { rpcUrl: client.rpc.rpcUrl, method: "eth_blockNumber" });
 * }
 * ```
 */
export function toRpcError(error: unknown, parameters: { rpcUrl: string; method: string }): RpcError {
  const { rpcUrl, method } = parameters;
  const summary = summarizeError(error, [rpcUrl]);
  let reason = summary.reason.replace(/\.$/, "");
  if (reason.length > 300) reason = `${reason.slice(0, 297)}...`;
  return new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method,
    reason,
    ...(summary.status === undefined ? {} : { status: summary.status }),
    ...(summary.rpcCode === undefined ? {} : { rpcCode: summary.rpcCode }),
  });
}
