import { parseRetryAfter } from "@preflow/errors";

/**
 * What the fetch of a client's transport throws when the endpoint asked to wait longer than `maxRetryAfterMs`
 * (and, until that wait is over, for every later request, which it does not send). `toRpcError` turns it into
 * an `RpcRateLimitedError`. @internal
 */
export class RetryAfterBeyondCap extends Error {
  override readonly name: string = "RetryAfterBeyondCap";
  /** The wait the endpoint asked for, in milliseconds. */
  readonly retryAfterMs: number;
  readonly status: number;

  constructor(parameters: { retryAfterMs: number; status: number }) {
    super(`the endpoint asked to wait ${parameters.retryAfterMs} ms (Retry-After)`);
    this.retryAfterMs = parameters.retryAfterMs;
    this.status = parameters.status;
  }
}

const RATE_LIMIT_STATUSES = new Set([429, 503]);

/**
 * The `fetch` of a client's viem `http` transport (viem keeps its time-outs, retries and batching):
 *
 * - a 429/503 whose `Retry-After` is longer than `maxRetryAfterMs` is not retried: it throws
 *   {@link RetryAfterBeyondCap}, and so does every request until the wait is over, without being sent (viem's
 *   remaining retries fail at once, the endpoint is not hammered). A shorter `Retry-After` is left to viem,
 *   which waits it before retrying.
 * - a non-2xx answer to a JSON-RPC batch that is one and the same error for every entry (a node or gateway
 *   refusing the whole batch) is handed to viem as that one error, so the node's own message is kept (viem
 *   keeps only the status text of a non-2xx batch answer).
 *
 * @internal
 */
export function createRetryAfterFetch(parameters: {
  maxRetryAfterMs: number;
  fetchFn?: typeof fetch;
}): typeof fetch {
  const { maxRetryAfterMs } = parameters;
  let blocked: { until: number; retryAfterMs: number; status: number } | undefined;
  return async (input, init) => {
    if (blocked !== undefined) {
      if (Date.now() < blocked.until) throw new RetryAfterBeyondCap(blocked);
      blocked = undefined;
    }
    const response = await (parameters.fetchFn ?? fetch)(input, init);
    if (response.ok) return response;
    if (RATE_LIMIT_STATUSES.has(response.status)) {
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) {
        blocked = { until: Date.now() + retryAfterMs, retryAfterMs, status: response.status };
        void response.body?.cancel().catch(() => undefined);
        throw new RetryAfterBeyondCap(blocked);
      }
    }
    return oneErrorForBatch(response);
  };
}

async function oneErrorForBatch(response: Response): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse(await response.clone().text());
  } catch {
    return response;
  }
  if (!Array.isArray(body) || body.length < 2) return response;
  const first = body[0] as { error?: { code?: unknown; message?: unknown } } | null;
  const error = first?.error;
  if (typeof error?.code !== "number" || typeof error.message !== "string") return response;
  const same = body.every((entry) => {
    const other = (entry as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    return other?.code === error.code && other?.message === error.message;
  });
  if (!same) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(first), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
