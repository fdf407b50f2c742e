import { redactSecrets } from "./redactSecrets.js";

/** A 0x-prefixed hex string. */
type Hex = `0x${string}`;

/**
 * What matters about a failed request or call, sanitized: the result of {@link summarizeError}.
 *
 * @example
 * ```ts
 * import type { ErrorSummary } from "@preflow/errors";
 *
 * const summary: ErrorSummary = { reason: "execution reverted", status: undefined, rpcCode: 3, unreachable: false, revertData: "0x08c379a0" };
 * ```
 */
export interface ErrorSummary {
  /** One line saying why: the server's own message, the transport failure or the error's short message; redacted, at most 400 characters. */
  reason: string;
  /** HTTP status, when a server answered with one. */
  status: number | undefined;
  /** JSON-RPC error code, when there was one. */
  rpcCode: number | undefined;
  /** No usable answer: connection failure, time-out, HTTP 5xx/408/429 without a JSON-RPC error. */
  unreachable: boolean;
  /** Revert data found in the error (`reason: 0x…` of a simulated execution, or `error.data`). */
  revertData: Hex | undefined;
  /** The connection was refused (`ECONNREFUSED`): the request certainly never reached the service. */
  connectionRefused: boolean;
}

const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const MAX_REASON = 400;

/**
 * The error and its `cause` chain, outermost first (at most 12 links; non-objects end the chain). What
 * {@link summarizeError} reads; also for callers that look for one kind of error anywhere in the chain.
 *
 * @example
 * ```ts
 * import { errorCauses } from "@preflow/errors";
 *
 * const timedOut = errorCauses(error).some((link) => link.name === "TimeoutError");
 * ```
 */
export function errorCauses(error: unknown): Record<string, unknown>[] {
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

function revertDataOf(reason: string, data: unknown): Hex | undefined {
  const fromReason = /reason:\s*(0x[0-9a-fA-F]*)/.exec(reason)?.[1];
  if (fromReason && HEX_DATA.test(fromReason)) return fromReason as Hex;
  if (typeof data === "string" && HEX_DATA.test(data) && data.length >= 10) return data as Hex;
  if (typeof data === "object" && data !== null) {
    const nested =
      (data as { revertData?: unknown }).revertData ?? (data as { data?: unknown }).data ?? undefined;
    if (typeof nested === "string" && HEX_DATA.test(nested) && nested.length >= 10) return nested as Hex;
  }
  return undefined;
}

/**
 * Summarizes any error (viem's `RpcRequestError`, `HttpRequestError`, `TimeoutError`, `ContractFunctionExecutionError`,
 * a plain `Error`, or anything thrown) in one redacted line plus the facts a caller branches on: HTTP status,
 * JSON-RPC code, whether the endpoint was unreachable, and revert data. It walks the `cause` chain, prefers the
 * server's own message over viem's request dumps, and never throws. The one error summariser of preflow.
 *
 * @param error - What was thrown.
 * @param secrets - Secrets and endpoint URLs to remove from the reason (see {@link redactSecrets}).
 * @returns The summary; `reason` never holds a given secret or an `apikey=` value.
 *
 * @example
 * ```ts
 * import { summarizeError } from "@preflow/errors";
 *
 * try {
 *   await publicClient.request({ method: "eth_blockNumber" });
 * } catch (error) {
 *   const { reason, status, unreachable } = summarizeError(error, [rpcUrl]);
 *   console.error(unreachable ? `endpoint down (${status ?? "no answer"})` : reason);
 * }
 * ```
 */
export function summarizeError(error: unknown, secrets: readonly (string | undefined)[] = []): ErrorSummary {
  const chain = errorCauses(error);
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
  const first = chain[0];
  const last = chain.at(-1);
  const bounded =
    first?.name === "RequestAbortedError" ? (first.details as Record<string, unknown>) : undefined;
  if (details === undefined && typeof bounded?.method === "string" && typeof bounded.reason === "string") {
    // A bounded wait that ended (withTimeout, withAbort): what was waited for and why, without its advice to the
    // caller (the summary goes inside another message).
    details = `${bounded.method}: ${bounded.reason}`;
  }
  if (details === undefined) {
    const short = chain.find((link) => typeof link.shortMessage === "string")?.shortMessage as
      | string
      | undefined;
    if (short !== undefined) {
      const extra = typeof first?.details === "string" ? first.details : undefined;
      details = extra && extra !== "" && !short.includes(extra) ? `${short} (${extra})` : short;
    } else if (typeof first?.message === "string" && first.message !== "") {
      details = first.message.split("\n")[0] as string;
    } else if (typeof first?.name === "string") {
      details = first.name;
    } else {
      try {
        details = String(error);
      } catch {
        details = "unknown error";
      }
    }
  }
  if (transportFailure && rpcCode === undefined) {
    const cause = last && typeof last.message === "string" && last !== first ? last.message : undefined;
    if (cause && !details.includes(cause)) details = `${details} (${cause})`;
  }
  details = innermostDetails(details);
  // No usable answer: a transport failure without a JSON-RPC error, or a 5xx/408/429 status whatever its body.
  const unreachable =
    (rpcCode === undefined &&
      transportFailure &&
      (status === undefined || status >= 500 || status === 408 || status === 429)) ||
    (status !== undefined && (status >= 500 || status === 408 || status === 429));
  let reason = redactSecrets(details, secrets).replace(/\s+/g, " ").trim();
  if (reason.length > MAX_REASON) reason = `${reason.slice(0, MAX_REASON - 3)}...`;
  return { reason, status, rpcCode, unreachable, revertData: revertDataOf(details, data), connectionRefused };
}
