import { parseRetryAfter, redactSecrets } from "@preflow/errors";
import { AgentIdHttpError, AgentIdInvalidResponseError } from "../errors/AgentIdError.js";

/** One JSON request to the agent-identity API. @internal */
export interface ApiRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal | undefined;
  /** Strings that must never appear in an error (session tokens). */
  secrets?: readonly string[];
}

/** A response with its body parsed as JSON (`undefined` when the body is not JSON). @internal */
export interface ApiResponse {
  status: number;
  body: unknown;
  retryAfterMs: number | undefined;
}

const REQUEST_TIMEOUT_MS = 15_000;
const MAX_BODY_CHARS = 1_000_000;

/** The service's text without the session tokens (core's `redactSecrets`, the one redactor), at most 200 characters. */
function redact(text: string, secrets: readonly string[] = []): string {
  const out = redactSecrets(text, secrets);
  return out.length > 200 ? `${out.slice(0, 197)}...` : out;
}

/** Sends one request (15 s timeout, abortable) and parses the JSON body; network failures throw. @internal */
export async function apiRequest(apiBase: string, request: ApiRequest): Promise<ApiResponse> {
  const url = `${apiBase.replace(/\/+$/, "")}${request.path}`;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new Error(`no response within ${REQUEST_TIMEOUT_MS} ms`)),
    REQUEST_TIMEOUT_MS,
  );
  const onAbort = () => timeout.abort(request.signal?.reason);
  request.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    request.signal?.throwIfAborted();
    const response = await fetch(url, {
      method: request.method,
      headers: { accept: "application/json", ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: timeout.signal,
      redirect: "error",
    });
    const text = await response.text();
    let body: unknown;
    if (text.length <= MAX_BODY_CHARS) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    return {
      status: response.status,
      body,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    };
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    const reason = timeout.signal.aborted
      ? `no response within ${REQUEST_TIMEOUT_MS} ms`
      : redact(error instanceof Error ? error.message : String(error), request.secrets);
    throw new AgentIdHttpError({ method: request.method, path: request.path, reason });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onAbort);
  }
}

/** Throws {@link AgentIdHttpError} for a non-2xx response, with the service's `error` text. @internal */
export function expectOk(request: ApiRequest, response: ApiResponse): Record<string, unknown> {
  if (response.status < 200 || response.status > 299) {
    const record = response.body as { error?: unknown; message?: unknown } | undefined;
    const text = typeof record?.error === "string" ? record.error : record?.message;
    throw new AgentIdHttpError({
      method: request.method,
      path: request.path,
      status: response.status,
      reason:
        typeof text === "string" && text.trim() !== ""
          ? redact(text.trim(), request.secrets)
          : "no error text",
    });
  }
  return expectObject(request.path, response);
}

/** The body as an object, or {@link AgentIdInvalidResponseError}. @internal */
export function expectObject(path: string, response: ApiResponse): Record<string, unknown> {
  const body = response.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AgentIdInvalidResponseError({
      path,
      field: "(body)",
      rule: "must be a JSON object",
      status: response.status,
    });
  }
  return body as Record<string, unknown>;
}
