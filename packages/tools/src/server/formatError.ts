// The one formatter of errors into tool error results: ours (SdkError: toJSON), viem's (shortMessage,
// cause chain), anything else (even objects whose getters throw). It never throws.

/** A described error: what `structuredContent.error` of a tool error holds. @internal */
export interface DescribedError {
  name: string;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Codes of our errors that mean "the RPC endpoint failed"; reported as `RPC_ERROR`. */
const RPC_FAILURE_CODES = new Set(["RPC_ERROR", "TRANSACTION_REQUEST_FAILED"]);
/** viem errors of the transport itself (no answer, HTTP failure, timeout). */
const TRANSPORT_ERRORS = new Set([
  "HttpRequestError",
  "TimeoutError",
  "WebSocketRequestError",
  "SocketClosedError",
  "RpcError",
]);
/**
 * A JSON-RPC error answer that is about the transaction or call, not the endpoint, by its code first (op-geth and
 * op-reth word their refusals differently, e.g. reth's "nonce too low: next nonce 5, tx nonce 3" and Celo op-reth's
 * "insufficient fee-currency balance: ..."): 3 (execution reverted, with data), -32003 (transaction rejected),
 * -32015 (a VM error in eth_simulateV1), -38000..-38099 (eth_simulateV1's transaction errors). -32000 is both
 * nodes' "invalid input" for a refused transaction but also some endpoints' generic error, so it counts only with
 * one of the words below.
 */
const TRANSACTION_ERROR_CODES = new Set([3, -32003, -32015]);
const NOT_AN_RPC_FAILURE =
  /revert|nonce|underpriced|insufficient funds|gas|already known|execution|fee-currency|fee currency|base fee/i;
const isTransactionAnswer = (code: unknown, text: string): boolean =>
  (typeof code === "number" && (TRANSACTION_ERROR_CODES.has(code) || (code <= -38000 && code > -38100))) ||
  NOT_AN_RPC_FAILURE.test(text);
const MAX_TEXT = 500;

function get(target: unknown, key: string): unknown {
  try {
    return typeof target === "object" && target !== null
      ? (target as Record<string, unknown>)[key]
      : undefined;
  } catch {
    return undefined;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value.slice(0, MAX_TEXT) : undefined;
}

/** JSON-safe copy of details: bigints as strings, no functions, cycles cut, bounded depth and size. */
function jsonSafe(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return value.length > 2_000 ? `${value.slice(0, 1_997)}...` : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "boolean" || value === null) return value;
  if (typeof value !== "object" || depth > 6) return undefined;
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (Array.isArray(value))
    return value.slice(0, 100).map((entry) => jsonSafe(entry, depth + 1, seen) ?? null);
  const out: Record<string, unknown> = {};
  let keys: string[] = [];
  try {
    keys = Object.keys(value).slice(0, 100);
  } catch {
    return undefined;
  }
  for (const key of keys) {
    const entry = jsonSafe(get(value, key), depth + 1, seen);
    if (entry !== undefined) out[key] = entry;
  }
  return out;
}

/** The first transport failure in an error's cause chain, if any. */
function transportFailure(
  error: unknown,
): { name: string; reason: string; status?: number; rpc_code?: number } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && typeof current === "object" && current !== null; depth++) {
    const name = str(get(current, "name")) ?? "";
    const code = get(current, "code");
    const reason = str(get(current, "shortMessage")) ?? str(get(current, "message")) ?? name;
    const status = get(current, "status");
    const details = str(get(current, "details")) ?? "";
    const isJsonRpcAnswer =
      name === "RpcRequestError" || (name.endsWith("RpcError") && typeof code === "number");
    if (
      TRANSPORT_ERRORS.has(name) ||
      (isJsonRpcAnswer && !isTransactionAnswer(code, `${reason} ${details}`))
    ) {
      return {
        name,
        reason: details && !reason.includes(details) ? `${reason} ${details}`.slice(0, MAX_TEXT) : reason,
        ...(typeof status === "number" ? { status } : {}),
        ...(typeof code === "number" ? { rpc_code: code } : {}),
      };
    }
    current = get(current, "cause");
  }
  return undefined;
}

/**
 * Describes any thrown value as `{ name, code, message, details }`, never throwing:
 * - our errors (`SdkError`: a string `code` and `toJSON()`) as they serialise; the attribution package's
 *   `TRANSACTION_REQUEST_FAILED` is an RPC failure and reported as `RPC_ERROR` (original code in details);
 * - viem errors whose cause chain holds a transport failure (HTTP error, timeout, JSON-RPC error answer that
 *   is not about the transaction) as `RPC_ERROR`;
 * - anything else as `UNEXPECTED_ERROR` with its first message line. @internal
 */
export function describeError(error: unknown): DescribedError {
  try {
    const code = get(error, "code");
    const toJSON = get(error, "toJSON");
    if (typeof code === "string" && typeof toJSON === "function") {
      let json: unknown;
      try {
        json = toJSON.call(error);
      } catch {
        json = undefined;
      }
      const message = str(get(json, "message")) ?? str(get(error, "message")) ?? code;
      const name = str(get(json, "name")) ?? str(get(error, "name")) ?? "SdkError";
      const details = jsonSafe(get(json, "details") ?? get(error, "details"));
      const ourCode = str(get(json, "code")) ?? code;
      const record =
        typeof details === "object" && details !== null && !Array.isArray(details)
          ? (details as Record<string, unknown>)
          : {};
      if (RPC_FAILURE_CODES.has(ourCode)) {
        return {
          name,
          code: "RPC_ERROR",
          message,
          details: ourCode === "RPC_ERROR" ? record : { ...record, source_code: ourCode },
        };
      }
      return { name, code: ourCode, message, details: record };
    }
    const transport = transportFailure(error);
    if (transport) {
      return {
        name: transport.name,
        code: "RPC_ERROR",
        message: `RPC request failed: ${transport.reason.replace(/\.+$/, "")}. Check the endpoint (RPC_URL) and try again.`,
        details: { ...transport },
      };
    }
    const name = str(get(error, "name")) ?? "Error";
    const short = str(get(error, "shortMessage"));
    const message =
      short ??
      str(get(error, "message"))?.split("\n")[0] ??
      (typeof error === "string" ? error.slice(0, MAX_TEXT) : "An unexpected error");
    return { name, code: "UNEXPECTED_ERROR", message };
  } catch {
    return {
      name: "Error",
      code: "UNEXPECTED_ERROR",
      message: "An unexpected error that could not be described.",
    };
  }
}
