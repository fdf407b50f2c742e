import { parseRetryAfter } from "@preflow/errors";
import type { TelemetryEvent } from "./buildTelemetryEvent.js";

/**
 * The subset of `fetch` telemetry uses; the global `fetch` (Node 18+, browsers) satisfies it.
 *
 * @example
 * ```ts
 * import type { TelemetryFetch } from "@preflow/telemetry";
 * const fetchImpl: TelemetryFetch = fetch;
 * ```
 */
export type TelemetryFetch = (
  input: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{
  status: number;
  headers?: { get(name: string): string | null };
  body?: { cancel(): Promise<void> } | null;
}>;

/** @internal */
export interface SendBatchParameters {
  fetch: TelemetryFetch;
  endpoint: string;
  apiKey: string;
  /** Extra request headers (e.g. `authorization` derived from credentials in the endpoint URL). */
  headers?: Record<string, string>;
  events: TelemetryEvent[];
  maxRetries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  requestTimeoutMs: number;
}

/** @internal */
export type SendBatchResult =
  | { ok: true; attempts: number }
  | { ok: false; attempts: number; reason: string };

const SAFE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

/** Waits `ms` on an unref'd timer, so a pending retry never keeps a Node process alive. */
export function unrefSleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms) as unknown as { unref?: () => void };
    timer.unref?.();
  });
}

function retryAfterMs(headers: { get(name: string): string | null } | undefined): number | undefined {
  try {
    return parseRetryAfter(headers?.get("retry-after"));
  } catch {
    return undefined; // a broken Headers object
  }
}

/** A short description of a network failure that never contains the URL, the body or the API key. */
function describeNetworkError(error: unknown, timedOut: boolean): string {
  if (timedOut) return "request timed out";
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && SAFE_CODE.test(code)) return `network error ${code}`;
  return "network error";
}

/**
 * POSTs one batch in the Amplitude HTTP V2 format, retrying 429, 5xx, network errors and timeouts up to
 * `maxRetries` times with exponential backoff (full jitter, honouring a `Retry-After` up to the cap).
 * Other statuses (400, 413, ...) are final. Never throws.
 *
 * @internal
 */
export async function sendBatch(parameters: SendBatchParameters): Promise<SendBatchResult> {
  const { fetch: fetchImpl, endpoint, apiKey, events, maxRetries } = parameters;
  let body: string;
  try {
    body = JSON.stringify({ api_key: apiKey, events, options: { min_id_length: 1 } });
  } catch {
    return { ok: false, attempts: 0, reason: "could not serialize events" };
  }
  let reason = "not sent";
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    let retryAfter: number | undefined;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, parameters.requestTimeoutMs) as unknown as { unref?: () => void };
    timer.unref?.();
    try {
      const response = await fetchImpl(endpoint, {
        method: "POST",
        headers: { ...parameters.headers, "content-type": "application/json", accept: "*/*" },
        body,
        signal: controller.signal,
      });
      const status = response.status;
      // Release the connection: the response body is never read.
      response.body?.cancel().catch(() => {});
      if (status >= 200 && status < 300) return { ok: true, attempts: attempt + 1 };
      reason = `HTTP ${status}`;
      if (status !== 429 && status < 500) return { ok: false, attempts: attempt + 1, reason };
      retryAfter = retryAfterMs(response.headers);
    } catch (error) {
      reason = describeNetworkError(error, timedOut);
    } finally {
      clearTimeout(timer as unknown as ReturnType<typeof setTimeout>);
    }
    if (attempt < maxRetries) {
      const backoff = Math.min(parameters.maxRetryDelayMs, parameters.retryDelayMs * 2 ** attempt);
      const delay = retryAfter !== undefined ? Math.min(parameters.maxRetryDelayMs, retryAfter) : backoff;
      await unrefSleep(retryAfter !== undefined ? delay : Math.random() * delay);
    }
  }
  return { ok: false, attempts: maxRetries + 1, reason };
}
