import { SdkError } from "./base.js";
import { redactSecrets } from "./redact.js";

// One class for "the caller's signal stopped it" across the SDK, from `@preflow/errors` (attribution's
// transaction forms throw it too).
export { RequestAbortedError } from "@preflow/errors";

/**
 * Parameters of {@link RpcError}.
 *
 * @example
 * ```ts
 * throw new RpcError({ rpcUrl: "https://rpc.example/v2/***", method: "eth_call", reason: "timed out" });
 * ```
 */
export interface RpcErrorParameters {
  /** The endpoint, redacted by the caller (`redactUrl`); `apikey=`-style query values are masked here too. */
  rpcUrl: string;
  /** The JSON-RPC method(s) of the failed request. */
  method: string;
  /** What went wrong (redacted by the caller; query keys and Bearer tokens are masked here too). */
  reason: string;
  /** HTTP status, when there was one. */
  status?: number;
  /** JSON-RPC error code, when there was one. */
  rpcCode?: number;
  /**
   * The contract read whose answer was wrong (not the canonical encoding of the function's outputs), when the
   * request was a batch of reads: its target and function name.
   */
  read?: { target: string; functionName: string };
}

/**
 * A transport failure or a JSON-RPC error from the endpoint (after retries). The URL in the message and
 * details has its credentials and API keys redacted.
 *
 * @example
 * ```ts
 * import { RpcError } from "@preflow/core";
 *
 * try {
 *   await client.network.getStatus();
 * } catch (error) {
 *   if (error instanceof RpcError) console.error(error.details.status, error.details.rpcUrl);
 * }
 * ```
 */
export class RpcError extends SdkError<"RPC_ERROR"> {
  override readonly name: string = "RpcError";

  constructor(parameters: RpcErrorParameters) {
    const { method, status, rpcCode, read } = parameters;
    const rpcUrl = redactSecrets(parameters.rpcUrl);
    const reason = redactSecrets(parameters.reason);
    const statusText = status === undefined ? "" : ` (HTTP ${status})`;
    super({
      code: "RPC_ERROR",
      message: `RPC request ${method} to ${rpcUrl} failed${statusText}: ${reason}. Check the endpoint or use a dedicated RPC provider.`,
      details: {
        rpcUrl,
        method,
        reason,
        ...(status === undefined ? {} : { status }),
        ...(rpcCode === undefined ? {} : { rpcCode }),
        ...(read === undefined ? {} : { read: { target: read.target, functionName: read.functionName } }),
      },
    });
  }
}

/**
 * Parameters of {@link RpcRateLimitedError}.
 *
 * @example
 * ```ts
 * const parameters: RpcRateLimitedErrorParameters = {
 *   rpcUrl: "https://rpc.example/v2/***",
 *   method: "eth_call",
 *   retryAfterMs: 3_600_000,
 *   maxRetryAfterMs: 5_000,
 *   status: 429,
 * };
 * ```
 */
export interface RpcRateLimitedErrorParameters {
  /** The endpoint, redacted by the caller (`redactUrl`); `apikey=`-style query values are masked here too. */
  rpcUrl: string;
  /** The JSON-RPC method(s) of the refused request. */
  method: string;
  /** How long the endpoint asked to wait (its `Retry-After`), in milliseconds; `undefined` when it did not say. */
  retryAfterMs: number | undefined;
  /** The longest wait the client honours (`maxRetryAfterMs`). */
  maxRetryAfterMs: number;
  /** HTTP status, when there was one (usually 429 or 503). */
  status?: number;
}

/**
 * The endpoint refused the request for now (HTTP 429 or 503) and asked to wait longer than the client honours
 * (`maxRetryAfterMs`, default 5 s), or kept refusing through every retry. The call fails at once instead of
 * waiting; `details.retryAfterMs` is the wait the endpoint asked for. Until that wait is over the client sends
 * nothing more to the endpoint: calls fail the same way, without a request. Retry later, or use another
 * endpoint.
 *
 * @example
 * ```ts
 * import { RpcRateLimitedError } from "@preflow/core";
 *
 * try {
 *   await client.token.getBalance(owner, "USDm");
 * } catch (error) {
 *   if (error instanceof RpcRateLimitedError) console.error(`retry in ${error.details.retryAfterMs} ms`);
 * }
 * ```
 */
export class RpcRateLimitedError extends SdkError<"RPC_RATE_LIMITED"> {
  override readonly name: string = "RpcRateLimitedError";

  constructor(parameters: RpcRateLimitedErrorParameters) {
    const { method, retryAfterMs, maxRetryAfterMs, status } = parameters;
    const rpcUrl = redactSecrets(parameters.rpcUrl);
    const statusText = status === undefined ? "" : ` (HTTP ${status})`;
    const what =
      retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs
        ? `the endpoint asked to wait ${formatWait(retryAfterMs)} (Retry-After), more than the ${formatWait(maxRetryAfterMs)} this client waits (maxRetryAfterMs)`
        : `the endpoint kept refusing through every retry${retryAfterMs === undefined ? "" : ` (Retry-After ${formatWait(retryAfterMs)})`}`;
    super({
      code: "RPC_RATE_LIMITED",
      message: `RPC request ${method} to ${rpcUrl} was rate-limited${statusText}: ${what}. Retry later or use a dedicated RPC provider.`,
      details: {
        rpcUrl,
        method,
        retryAfterMs: retryAfterMs ?? null,
        maxRetryAfterMs,
        ...(status === undefined ? {} : { status }),
      },
    });
  }
}

function formatWait(ms: number): string {
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return `${ms} ms`;
}
