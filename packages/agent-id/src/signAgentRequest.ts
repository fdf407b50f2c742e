import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import type { Address, Hex, LocalAccount } from "viem";
import { type AgentRequestBody, hashAgentRequest } from "./hashAgentRequest.js";

/**
 * An outgoing request to sign: method, URL (absolute, or path + query) and the exact body bytes sent.
 *
 * @example
 * ```ts
 * import type { AgentRequest } from "@preflow/agent-id";
 * const request: AgentRequest = { method: "POST", url: "https://api.example.org/v1/quote", body: "{}" };
 * ```
 */
export interface AgentRequest {
  method: string;
  url: string | URL;
  body?: AgentRequestBody;
}

/**
 * The three headers of a signed agent request, ready to spread into `fetch` headers.
 *
 * @example
 * ```ts
 * const headers: AgentRequestHeaders = await client.agentId.signRequest({ method: "GET", url: "/v1/me" });
 * await fetch("https://api.example.org/v1/me", { headers });
 * ```
 */
// A type alias (not an interface) so that it is assignable to header records with an index signature.
export type AgentRequestHeaders = {
  "x-self-agent-address": Address;
  "x-self-agent-signature": Hex;
  "x-self-agent-timestamp": string;
};

/**
 * Options of {@link signAgentRequest}.
 *
 * @example
 * ```ts
 * const options: SignAgentRequestOptions = { now: () => Date.UTC(2026, 0, 1) };
 * ```
 */
export interface SignAgentRequestOptions {
  /** The clock (Unix milliseconds); default `Date.now`. */
  now?: () => number;
}

const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Signs a request with any viem local account: `timestamp` = now in Unix ms, `message` =
 * {@link hashAgentRequest}, signature = EIP-191 personal_sign over the raw 32 message bytes. Prefer
 * `client.agentId.signRequest`, which uses the configured `agentIdPrivateKey`.
 *
 * @throws {InvalidArgumentError} a malformed request, or a key in `request` other than `method`, `url`, `body` (it
 *   would not be covered by the signature) or in `options` other than `now`; named, with the nearest valid one.
 *
 * @example
 * ```ts
 * import { signAgentRequest } from "@preflow/agent-id";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const headers = await signAgentRequest(privateKeyToAccount(key), { method: "GET", url: "/v1/me" });
 * ```
 */
export async function signAgentRequest(
  account: Pick<LocalAccount, "address" | "signMessage">,
  request: AgentRequest,
  options: SignAgentRequestOptions = {},
): Promise<AgentRequestHeaders> {
  const { method, url, body } = parseAgentRequest(request);
  // Only what is signed: a key that would not be covered by the signature (`headers`, a typo) is refused.
  rejectUnknownKeys(request, "request", ["method", "url", "body"]);
  rejectUnknownKeys(options, "options", ["now"]);
  const now = (options.now ?? Date.now)();
  if (!Number.isSafeInteger(now) || now < 0) {
    throw new InvalidArgumentError({
      field: "now()",
      value: now,
      rule: "must return Unix milliseconds as a non-negative integer",
    });
  }
  const timestamp = String(now);
  const message = hashAgentRequest({ timestamp, method, url, body });
  const signature = await account.signMessage({ message: { raw: message } });
  return {
    "x-self-agent-address": account.address,
    "x-self-agent-signature": signature,
    "x-self-agent-timestamp": timestamp,
  };
}

/** Validates the shape of an {@link AgentRequest}. @internal */
export function parseAgentRequest(request: unknown): { method: string; url: string; body: AgentRequestBody } {
  if (typeof request !== "object" || request === null) {
    throw new InvalidArgumentError({
      field: "request",
      value: request,
      rule: "must be an object { method, url, body? }",
    });
  }
  const { method, url, body } = request as Record<string, unknown>;
  if (typeof method !== "string" || !METHOD.test(method)) {
    throw new InvalidArgumentError({
      field: "request.method",
      value: method,
      rule: "must be an HTTP method token such as GET or POST",
    });
  }
  const text = url instanceof URL ? url.href : url;
  if (typeof text !== "string" || text.length === 0) {
    throw new InvalidArgumentError({
      field: "request.url",
      value: url,
      rule: "must be a non-empty URL or path string",
    });
  }
  if (body !== undefined && body !== null && typeof body !== "string" && !(body instanceof Uint8Array)) {
    throw new InvalidArgumentError({
      field: "request.body",
      value: typeof body,
      rule: "must be a string or a Uint8Array (the exact bytes sent), or undefined",
    });
  }
  return { method, url: text, body: body as AgentRequestBody };
}
