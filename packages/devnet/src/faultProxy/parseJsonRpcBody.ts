// Reading a request body as JSON-RPC: the calls, or the HTTP 400 answer the proxy gives instead.
import type { JsonRpcId, JsonRpcRequest } from "./types.js";

/** The JSON-RPC error the proxy answers (HTTP 400) for a body that is not JSON. */
export const PARSE_ERROR = { code: -32700, message: "Parse error" } as const;
/** The JSON-RPC error the proxy answers (HTTP 400) for JSON that is not a request or a non-empty batch of requests. */
export const INVALID_REQUEST_ERROR = { code: -32600, message: "Invalid Request" } as const;

/** The largest request body the proxy reads (16 MiB); a longer one is answered with HTTP 413. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * What `parseJsonRpcBody` makes of a request body: the calls, or the answer the proxy gives instead.
 *
 * @example
 * const parsed: ParsedJsonRpcBody = parseJsonRpcBody('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}');
 */
export type ParsedJsonRpcBody =
  | { readonly ok: true; readonly batch: boolean; readonly calls: readonly JsonRpcRequest[] }
  | {
      readonly ok: false;
      readonly status: 400;
      readonly body: { jsonrpc: "2.0"; id: null; error: { code: number; message: string } };
    };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is JsonRpcId =>
  value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

const isCall = (value: unknown): value is JsonRpcRequest =>
  isRecord(value) &&
  typeof value.method === "string" &&
  value.method.length > 0 &&
  (!("id" in value) || isId(value.id));

/**
 * Parses a JSON-RPC request body: a call or a non-empty array of calls (each an object with a non-empty string
 * `method` and, if present, an `id` that is a string, a finite number or null). Never throws: for anything
 * else it returns the HTTP 400 answer (`-32700` when the body is not JSON, `-32600` otherwise).
 *
 * @example
 * parseJsonRpcBody('[{"id":1,"method":"eth_chainId"},{"id":2,"method":"eth_call","params":[]}]');
 * // { ok: true, batch: true, calls: [ {...eth_chainId}, {...eth_call} ] }
 * parseJsonRpcBody("{oops"); // { ok: false, status: 400, body: { ..., error: { code: -32700, ... } } }
 */
export function parseJsonRpcBody(text: string): ParsedJsonRpcBody {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, body: { jsonrpc: "2.0", id: null, error: { ...PARSE_ERROR } } };
  }
  const invalid = {
    ok: false,
    status: 400,
    body: { jsonrpc: "2.0", id: null, error: { ...INVALID_REQUEST_ERROR } },
  } as const;
  if (Array.isArray(payload)) {
    if (payload.length === 0 || !payload.every(isCall)) return invalid;
    return { ok: true, batch: true, calls: payload };
  }
  return isCall(payload) ? { ok: true, batch: false, calls: [payload] } : invalid;
}

/** The call's id as it goes back in an answer (`null` when it has none or it is not a valid id). */
export const idOf = (call: JsonRpcRequest): JsonRpcId => (isId(call.id) ? call.id : null);
