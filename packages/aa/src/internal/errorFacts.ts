import type { Hex } from "viem";
import { redactSecrets, shorten } from "./redact.js";

/** What matters about a failed request, sanitized. @internal */
export interface ErrorFacts {
  /** HTTP status, when the server answered with a non-2xx status. */
  status: number | undefined;
  /** JSON-RPC error code, when there was one. */
  rpcCode: number | undefined;
  /** The server's own message (JSON-RPC `error.message`), or the transport failure, redacted and short. */
  reason: string;
  /** No usable answer: connection failure, time-out, HTTP 5xx/408/429 without a JSON-RPC error. */
  unreachable: boolean;
  /** Revert data found in the error (`reason: 0x…` of a simulated execution, or `error.data`). */
  revertData: Hex | undefined;
  /** The connection was refused: the request certainly never reached the service. */
  connectionRefused: boolean;
}

const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/;

function chainOf(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current: unknown = error;
  while (typeof current === "object" && current !== null && chain.length < 12) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * Some services relay a viem error's whole text as their JSON-RPC message (`RPC Request failed. URL: …
 * Request body: … Details: <the real reason> Version: …`); keep the innermost `Details:` part.
 */
function innermostDetails(text: string): string {
  const parts = text.split(/\bDetails: /);
  if (parts.length < 2) return text;
  return (parts.at(-1) ?? text).split(/\s*Version: viem@/)[0] ?? text;
}

/** Reads status, JSON-RPC code, message and revert data out of a viem error chain. @internal */
export function errorFacts(error: unknown, secrets: readonly string[]): ErrorFacts {
  const chain = chainOf(error);
  let status: number | undefined;
  let rpcCode: number | undefined;
  let details: string | undefined;
  let transportFailure = false;
  let data: unknown;
  let connectionRefused = false;
  for (const link of chain) {
    if (link.code === "ECONNREFUSED") connectionRefused = true;
    const name = typeof link.name === "string" ? link.name : "";
    if (status === undefined && typeof link.status === "number") status = link.status;
    // An abort or time-out (DOMException code 20/23) is a transport failure, not a JSON-RPC error code.
    const aborted = name === "AbortError" || name === "TimeoutError";
    if (aborted) transportFailure = true;
    if (rpcCode === undefined && !aborted && typeof link.code === "number" && link.code !== -1)
      rpcCode = link.code;
    if (data === undefined && link.data !== undefined) data = link.data;
    if (name === "RpcRequestError" && typeof link.details === "string") details ??= link.details;
    if (name === "HttpRequestError" || name === "TimeoutError") {
      transportFailure = true;
      if (typeof link.details === "string" && link.details !== "") details ??= link.details;
    }
  }
  const last = chain.at(-1);
  if (details === undefined) {
    const fallback = chain.find((link) => typeof link.shortMessage === "string")?.shortMessage;
    details =
      typeof fallback === "string"
        ? fallback
        : typeof last?.message === "string"
          ? last.message
          : String(error);
  }
  if (transportFailure && rpcCode === undefined) {
    const cause = last && typeof last.message === "string" && last !== chain[0] ? last.message : undefined;
    if (cause && !details.includes(cause)) details = `${details} (${cause})`;
  }
  details = innermostDetails(details);
  // No usable answer: a transport failure without a JSON-RPC error, or a 5xx/408/429 status whatever its body.
  const unreachable =
    (rpcCode === undefined &&
      transportFailure &&
      (status === undefined || status >= 500 || status === 408 || status === 429)) ||
    (status !== undefined && (status >= 500 || status === 408 || status === 429));
  let revertData: Hex | undefined;
  const fromReason = /reason:\s*(0x[0-9a-fA-F]*)/.exec(details)?.[1];
  if (fromReason && HEX_DATA.test(fromReason)) revertData = fromReason as Hex;
  else if (typeof data === "string" && HEX_DATA.test(data) && data.length >= 10) revertData = data as Hex;
  else if (typeof data === "object" && data !== null) {
    const nested =
      (data as { data?: unknown; revertData?: unknown }).revertData ?? (data as { data?: unknown }).data;
    if (typeof nested === "string" && HEX_DATA.test(nested) && nested.length >= 10)
      revertData = nested as Hex;
  }
  return {
    status,
    rpcCode,
    reason: shorten(redactSecrets(details, secrets)),
    unreachable,
    revertData,
    connectionRefused,
  };
}
