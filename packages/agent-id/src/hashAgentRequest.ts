import { rejectUnknownKeys } from "@preflow/errors";
import { type Hex, keccak256, stringToBytes } from "viem";
import { canonicalizeAgentUrl } from "./canonicalUrl.js";

/**
 * A request body as signed: a string (hashed as UTF-8) or raw bytes. `undefined`/`null` mean no body and
 * hash like the empty string.
 *
 * @example
 * ```ts
 * import type { AgentRequestBody } from "@preflow/agent-id";
 * const body: AgentRequestBody = JSON.stringify({ query: "balance" });
 * ```
 */
export type AgentRequestBody = string | Uint8Array | null | undefined;

/**
 * Parameters of {@link hashAgentRequest}.
 *
 * @example
 * ```ts
 * const parameters: HashAgentRequestParameters = { timestamp: "1767225600000", method: "GET", url: "/v1/x" };
 * ```
 */
export interface HashAgentRequestParameters {
  /** Unix milliseconds as a decimal string, exactly as sent in `x-self-agent-timestamp`. */
  timestamp: string;
  /** HTTP method; upper-cased before hashing. */
  method: string;
  /** Absolute or relative URL; reduced with {@link canonicalizeAgentUrl}. */
  url: string;
  body?: AgentRequestBody;
}

/**
 * keccak256 of the request body (UTF-8 for strings; the empty string when there is none), as 0x-hex.
 *
 * @example
 * ```ts
 * import { hashAgentRequestBody } from "@preflow/agent-id";
 * hashAgentRequestBody(undefined); // keccak256 of "" = 0xc5d2460186f7233c...
 * ```
 */
export function hashAgentRequestBody(body: AgentRequestBody): Hex {
  if (body === undefined || body === null) return keccak256(new Uint8Array(0));
  return keccak256(typeof body === "string" ? stringToBytes(body) : body);
}

/**
 * The 32-byte message an agent signs: keccak256(UTF-8 of `timestamp + METHOD + canonicalUrl + bodyHash`).
 * The signature is EIP-191 `personal_sign` over these raw 32 bytes.
 *
 * @throws {InvalidArgumentError} an unknown key in `parameters` (named, with the nearest valid one).
 *
 * @example
 * ```ts
 * import { hashAgentRequest } from "@preflow/agent-id";
 * const message = hashAgentRequest({ timestamp: "1767225600000", method: "post", url: "/v1/x", body: "{}" });
 * ```
 */
export function hashAgentRequest(parameters: HashAgentRequestParameters): Hex {
  rejectUnknownKeys(parameters, "parameters", ["timestamp", "method", "url", "body"]);
  const { timestamp, method, url, body } = parameters;
  const text = timestamp + method.toUpperCase() + canonicalizeAgentUrl(url) + hashAgentRequestBody(body);
  return keccak256(stringToBytes(text));
}
