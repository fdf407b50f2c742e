import { parseRetryAfter } from "@preflow/errors";
import { errorCauses, redactUrl, summarizeError } from "../errors/redact.js";
import { RpcError, RpcRateLimitedError } from "../errors/rpc.js";
import { RetryAfterBeyondCap } from "./createRetryAfterFetch.js";

/**
 * Wraps a transport or JSON-RPC failure in an {@link RpcError}: the reason comes from `summarizeError` (the
 * server's own message, one line: for a JSON-RPC error such as `-32000` the node's own reason, not viem's
 * generic "Missing or invalid parameters."), and the endpoint URL is redacted everywhere. A rate limit
 * (HTTP 429, or a `Retry-After` beyond the client's `maxRetryAfterMs`) becomes an {@link RpcRateLimitedError}
 * naming the wait the endpoint asked for; a time-out says so, with the bounds when they are given.
 *
 * @param error - What the transport threw.
 * @param parameters - `rpcUrl`: the endpoint as configured (redacted here); `method`: the JSON-RPC method(s);
 *   `bounds` (optional): the client's `timeoutMs`, `retryCount`, `maxRetryAfterMs`.
 * @returns The `RpcError` (or `RpcRateLimitedError`) to throw.
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
export function toRpcError(
  error: unknown,
  parameters: {
    rpcUrl: string;
    method: string;
    bounds?: { timeoutMs: number; retryCount: number; maxRetryAfterMs: number } | undefined;
  },
): RpcError | RpcRateLimitedError {
  const { rpcUrl, method, bounds } = parameters;
  if (error instanceof RpcError || error instanceof RpcRateLimitedError) return error;
  const chain = errorCauses(error);
  const beyondCap = chain.find((link) => link instanceof RetryAfterBeyondCap) as
    | RetryAfterBeyondCap
    | undefined;
  const maxRetryAfterMs = bounds?.maxRetryAfterMs ?? 5_000;
  if (beyondCap) {
    return new RpcRateLimitedError({
      rpcUrl: redactUrl(rpcUrl),
      method,
      retryAfterMs: beyondCap.retryAfterMs,
      maxRetryAfterMs,
      status: beyondCap.status,
    });
  }
  const summary = summarizeError(error, [rpcUrl]);
  if (summary.status === 429) {
    const headers = chain.find((link) => link.headers instanceof Headers)?.headers as Headers | undefined;
    return new RpcRateLimitedError({
      rpcUrl: redactUrl(rpcUrl),
      method,
      retryAfterMs: parseRetryAfter(headers?.get("retry-after")),
      maxRetryAfterMs,
      status: 429,
    });
  }
  let reason = summary.reason.replace(/\.$/, "");
  if (chain.some((link) => link.name === "TimeoutError")) {
    reason = bounds
      ? `timed out: no answer within ${bounds.timeoutMs} ms, ${bounds.retryCount + 1} attempt${bounds.retryCount === 0 ? "" : "s"} (timeoutMs, retryCount)`
      : `timed out (${reason})`;
  }
  if (reason.length > 300) reason = `${reason.slice(0, 297)}...`;
  return new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method,
    reason,
    ...(summary.status === undefined ? {} : { status: summary.status }),
    ...(summary.rpcCode === undefined ? {} : { rpcCode: summary.rpcCode }),
  });
}
