/**
 * Reads an HTTP `Retry-After` header value (RFC 9110 §10.2.3): delay-seconds (`"120"`) or an HTTP date (`"Wed, 21
 * Oct 2026 07:28:00 GMT"`, counted from `now`, never negative). `undefined` when absent or unreadable (a
 * negative or fractional number, garbage). Never throws. The one `Retry-After` parser of the SDK (the RPC
 * transport, the agent-identity API and telemetry use it).
 *
 * @param value - The header's value (`headers.get("retry-after")`), or `null`/`undefined` when absent.
 * @param now - The current time in ms since the epoch (default `Date.now()`).
 * @returns The wait in milliseconds, or `undefined`.
 *
 * @example
 * ```ts
 * import { parseRetryAfter } from "@preflow/errors";
 *
 * parseRetryAfter("3"); // 3000
 * parseRetryAfter(response.headers.get("retry-after")); // undefined when the header is absent
 * ```
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (/^\d{1,15}$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
