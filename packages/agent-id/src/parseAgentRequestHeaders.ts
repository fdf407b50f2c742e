import { type Address, getAddress, type Hex, isAddress } from "viem";
import { AGENT_ID_HEADERS } from "./constants.js";

/**
 * Request headers in any of the usual forms: a fetch `Headers`, Node's `IncomingHttpHeaders` (a record
 * whose values may be arrays), or a list of `[name, value]` pairs. Names are matched case-insensitively.
 *
 * @example
 * ```ts
 * import type { AgentHeadersInput } from "@preflow/agent-id";
 * const fromNode: AgentHeadersInput = req.headers; // node:http IncomingMessage
 * const fromFetch: AgentHeadersInput = request.headers; // Request.headers
 * ```
 */
export type AgentHeadersInput =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>
  | Iterable<readonly [string, string]>;

/**
 * The three signed-request headers, parsed: a checksummed address, a 65-byte signature, and the timestamp
 * string exactly as sent (it is part of the signed message).
 *
 * @example
 * ```ts
 * import type { AgentRequestHeaderValues } from "@preflow/agent-id";
 * const values: AgentRequestHeaderValues = { address, signature, timestamp: "1767225600000" };
 * ```
 */
export interface AgentRequestHeaderValues {
  address: Address;
  signature: Hex;
  timestamp: string;
}

/**
 * Why headers could not be parsed.
 *
 * @example
 * ```ts
 * import type { AgentHeaderProblem } from "@preflow/agent-id";
 * const problem: AgentHeaderProblem = "missing-headers";
 * ```
 */
export type AgentHeaderProblem =
  | "missing-headers"
  | "invalid-address"
  | "invalid-signature"
  | "invalid-timestamp";

/**
 * The result of {@link parseAgentRequestHeaders}.
 *
 * @example
 * ```ts
 * const parsed: ParseAgentRequestHeadersReturnType = parseAgentRequestHeaders(req.headers);
 * if (!parsed.ok) console.log(parsed.reason);
 * ```
 */
export type ParseAgentRequestHeadersReturnType =
  | ({ ok: true } & AgentRequestHeaderValues)
  | { ok: false; reason: AgentHeaderProblem; address: Address | null };

function entriesOf(headers: object): Iterable<unknown> {
  const iterator = (headers as { [Symbol.iterator]?: unknown })[Symbol.iterator];
  return typeof iterator === "function" ? (headers as Iterable<unknown>) : Object.entries(headers);
}

function lookup(headers: AgentHeadersInput, name: string): string | undefined | "multiple" {
  const get = (headers as { get?: unknown }).get;
  if (typeof get === "function" && !(headers instanceof Map)) {
    // A fetch Headers: repeated headers come back joined with ", ", which no valid value contains.
    const value: unknown = get.call(headers, name);
    return typeof value === "string" ? value : undefined;
  }
  const found: string[] = [];
  for (const entry of entriesOf(headers)) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || entry[0].toLowerCase() !== name) continue;
    const value: unknown = entry[1];
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === "string") found.push(item);
  }
  if (found.length === 0) return undefined;
  return found.length === 1 ? found[0] : "multiple";
}

/**
 * Reads and validates `x-self-agent-address`, `x-self-agent-signature` and `x-self-agent-timestamp`. Never
 * throws: malformed, missing or repeated headers give `{ ok: false, reason }`. Does not check the
 * signature (see `createAgentRequestVerifier`).
 *
 * @example
 * ```ts
 * import { parseAgentRequestHeaders } from "@preflow/agent-id";
 *
 * const parsed = parseAgentRequestHeaders(req.headers);
 * if (parsed.ok) console.log(parsed.address, parsed.timestamp);
 * ```
 */
export function parseAgentRequestHeaders(headers: AgentHeadersInput): ParseAgentRequestHeadersReturnType {
  if (typeof headers !== "object" || headers === null)
    return { ok: false, reason: "missing-headers", address: null };
  const rawAddress = lookup(headers, AGENT_ID_HEADERS.address);
  const rawSignature = lookup(headers, AGENT_ID_HEADERS.signature);
  const rawTimestamp = lookup(headers, AGENT_ID_HEADERS.timestamp);
  if (rawAddress === undefined || rawSignature === undefined || rawTimestamp === undefined) {
    return { ok: false, reason: "missing-headers", address: null };
  }
  const addressText = rawAddress === "multiple" ? "" : rawAddress.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(addressText) || !isAddress(addressText)) {
    return { ok: false, reason: "invalid-address", address: null };
  }
  const address = getAddress(addressText);
  const signature = rawSignature === "multiple" ? "" : rawSignature.trim();
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return { ok: false, reason: "invalid-signature", address };
  const timestamp = rawTimestamp === "multiple" ? "" : rawTimestamp.trim();
  if (!/^[0-9]{1,16}$/.test(timestamp) || !Number.isSafeInteger(Number(timestamp))) {
    return { ok: false, reason: "invalid-timestamp", address };
  }
  return { ok: true, address, signature: signature as Hex, timestamp };
}
