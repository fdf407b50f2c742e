import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { type Address, recoverMessageAddress } from "viem";
import { AGENT_REQUEST_MAX_AGE_MS } from "./constants.js";
import { type AgentRequestBody, hashAgentRequest } from "./hashAgentRequest.js";
import {
  type AgentHeaderProblem,
  type AgentHeadersInput,
  parseAgentRequestHeaders,
} from "./parseAgentRequestHeaders.js";
import { parseAgentRequest } from "./signAgentRequest.js";

/**
 * An incoming request as a service received it: method, URL (absolute, or path + query as on
 * `IncomingMessage.url`), the raw body (string or bytes, exactly as received) and the headers.
 *
 * @example
 * ```ts
 * import type { IncomingAgentRequest } from "@preflow/agent-id";
 * const incoming: IncomingAgentRequest = { method: req.method!, url: req.url!, body: rawBody, headers: req.headers };
 * ```
 */
export interface IncomingAgentRequest {
  method: string;
  url: string | URL;
  body?: AgentRequestBody;
  headers: AgentHeadersInput;
}

/**
 * Why a request was rejected: a header problem, or `stale` (timestamp more than `maxAgeMs` from now),
 * `signature-mismatch` (the signature recovers to another address, i.e. something was tampered with),
 * `replayed` (this exact request was accepted before, or is being checked on chain right now),
 * `not-verified-agent` (the on-chain registry says no), `registry-unavailable` (the on-chain check failed;
 * fails closed), `invalid-request` (method/url/body of the wrong type). Only an accepted request uses up its
 * signature: after `registry-unavailable` or `not-verified-agent` the same signed request may be sent again
 * (inside its time window).
 *
 * @example
 * ```ts
 * import type { AgentRequestRejection } from "@preflow/agent-id";
 * const reason: AgentRequestRejection = "replayed";
 * ```
 */
export type AgentRequestRejection =
  | AgentHeaderProblem
  | "stale"
  | "signature-mismatch"
  | "replayed"
  | "not-verified-agent"
  | "registry-unavailable"
  | "invalid-request";

/**
 * The result of verifying an agent request. `address` is the verified agent when `valid`; when not valid
 * it is the claimed address (if parseable) for logging only — never trust it.
 *
 * @example
 * ```ts
 * const result: AgentRequestVerification = await verifier.verify(incoming);
 * if (!result.valid) res.writeHead(401).end(result.reason);
 * ```
 */
export type AgentRequestVerification =
  | { valid: true; address: Address; reason?: undefined }
  | { valid: false; address: Address | null; reason: AgentRequestRejection };

/**
 * Options of {@link createAgentRequestVerifier} and {@link verifyAgentRequest}.
 *
 * @example
 * ```ts
 * const options: AgentRequestVerifierOptions = { maxAgeMs: 60_000, isVerifiedAgent: client.agentId.isVerifiedAgent };
 * ```
 */
export interface AgentRequestVerifierOptions {
  /** Accepted |now − timestamp| in ms; default {@link AGENT_REQUEST_MAX_AGE_MS} (5 minutes). */
  maxAgeMs?: number;
  /** The clock (Unix milliseconds); default `Date.now`. */
  now?: () => number;
  /** How many accepted requests the replay cache remembers (oldest evicted first); default 10 000. */
  replayCacheSize?: number;
  /**
   * The on-chain check; when given, requests of agents it answers `false` for are rejected
   * (`not-verified-agent`), and a failing check rejects (`registry-unavailable`). Either way the request's
   * signature is not used up: the same signed request may be retried.
   */
  isVerifiedAgent?: (address: Address) => Promise<boolean>;
}

/**
 * A verifier with its own bounded replay cache. Keep one per service (a request accepted once is rejected
 * when it comes again while still inside the time window).
 *
 * @example
 * ```ts
 * const verifier: AgentRequestVerifier = createAgentRequestVerifier();
 * const { valid, address } = await verifier.verify(incoming);
 * ```
 */
export interface AgentRequestVerifier {
  verify(request: IncomingAgentRequest): Promise<AgentRequestVerification>;
}

/** @internal */
export const DEFAULT_REPLAY_CACHE_SIZE = 10_000;

/**
 * A bounded memory of accepted (address, message) pairs until their timestamp leaves the window; a pair
 * being checked is held too, and let go again when it is not accepted. @internal
 */
export class ReplayCache {
  readonly #entries = new Map<string, { expiresAt: number }>();
  readonly #size: number;
  constructor(size: number) {
    this.#size = size;
  }
  /**
   * `undefined` if `key` is held and has not expired (a replay); otherwise holds it until `expiresAt` and
   * returns the function that lets go of this hold (and of no later one).
   */
  claim(key: string, expiresAt: number, now: number): (() => void) | undefined {
    for (const [entry, held] of this.#entries) {
      if (held.expiresAt >= now) break;
      this.#entries.delete(entry);
    }
    const held = this.#entries.get(key);
    if (held !== undefined && held.expiresAt >= now) return undefined;
    this.#entries.delete(key);
    const hold = { expiresAt };
    this.#entries.set(key, hold);
    while (this.#entries.size > this.#size) this.#entries.delete(this.#entries.keys().next().value!);
    return () => {
      if (this.#entries.get(key) === hold) this.#entries.delete(key);
    };
  }
}

function positiveInteger(field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidArgumentError({ field: field, value: value, rule: "must be a positive integer" });
  }
  return value;
}

/**
 * Creates a verifier for requests signed by agents: it checks the time window (±5 minutes by default),
 * recovers the signer from the EIP-191 signature over {@link hashAgentRequest} and compares it with
 * `x-self-agent-address`, rejects replays (bounded cache, per verifier), and optionally asks the on-chain
 * registry. Never throws for a bad request: the result says why (`reason`).
 *
 * @throws {InvalidArgumentError} an unknown key in `options` (named, with the nearest valid one) or a bad number.
 *
 * @example
 * ```ts
 * import { createAgentRequestVerifier, createSdkClient } from "@preflow/agent-id";
 *
 * const client = createSdkClient();
 * const verifier = createAgentRequestVerifier({ isVerifiedAgent: client.agentId.isVerifiedAgent });
 * const result = await verifier.verify({ method: req.method!, url: req.url!, body: rawBody, headers: req.headers });
 * if (!result.valid) return res.writeHead(401).end(result.reason);
 * ```
 */
export function createAgentRequestVerifier(options: AgentRequestVerifierOptions = {}): AgentRequestVerifier {
  rejectUnknownKeys(options, "options", ["maxAgeMs", "now", "replayCacheSize", "isVerifiedAgent"]);
  const maxAgeMs = positiveInteger("maxAgeMs", options.maxAgeMs, AGENT_REQUEST_MAX_AGE_MS);
  const cache = new ReplayCache(
    positiveInteger("replayCacheSize", options.replayCacheSize, DEFAULT_REPLAY_CACHE_SIZE),
  );
  const now = options.now ?? Date.now;
  const isVerifiedAgent = options.isVerifiedAgent;
  return Object.freeze({
    verify: (request: IncomingAgentRequest) => verifyWith(request, { maxAgeMs, now, cache, isVerifiedAgent }),
  });
}

/** The checks, over a given replay cache. @internal */
export async function verifyWith(
  request: IncomingAgentRequest,
  settings: {
    maxAgeMs: number;
    now: () => number;
    cache: ReplayCache;
    isVerifiedAgent: ((address: Address) => Promise<boolean>) | undefined;
  },
): Promise<AgentRequestVerification> {
  let parsedRequest: ReturnType<typeof parseAgentRequest>;
  try {
    parsedRequest = parseAgentRequest(request);
  } catch {
    return { valid: false, address: null, reason: "invalid-request" };
  }
  const headers = parseAgentRequestHeaders(
    (request as { headers?: AgentHeadersInput }).headers as AgentHeadersInput,
  );
  if (!headers.ok) return { valid: false, address: headers.address, reason: headers.reason };
  const { address, signature, timestamp } = headers;

  const now = settings.now();
  const sentAt = Number(timestamp);
  if (Math.abs(now - sentAt) > settings.maxAgeMs) return { valid: false, address, reason: "stale" };

  const message = hashAgentRequest({ ...parsedRequest, timestamp });
  let recovered: Address;
  try {
    recovered = await recoverMessageAddress({ message: { raw: message }, signature });
  } catch {
    return { valid: false, address, reason: "invalid-signature" };
  }
  if (recovered !== address) return { valid: false, address, reason: "signature-mismatch" };

  // Held before the (slow) on-chain check, so concurrent replays cannot race past it, and let go when the
  // request is not accepted: a failed check must not use up the signed request.
  const release = settings.cache.claim(`${address}:${message}`, sentAt + settings.maxAgeMs, now);
  if (release === undefined) return { valid: false, address, reason: "replayed" };

  if (settings.isVerifiedAgent) {
    let verified: boolean;
    try {
      verified = await settings.isVerifiedAgent(address);
    } catch {
      release();
      return { valid: false, address, reason: "registry-unavailable" };
    }
    if (verified !== true) {
      release();
      return { valid: false, address, reason: "not-verified-agent" };
    }
  }
  return { valid: true, address };
}

let sharedCache: ReplayCache | undefined;

/**
 * Verifies one signed agent request (see {@link createAgentRequestVerifier} for the checks). Replays are
 * detected with one process-wide replay cache shared by every call of this function; create your own
 * verifier for an isolated cache. `client.agentId.verifyAgentRequest` uses the client's own verifier.
 *
 * @throws {InvalidArgumentError} an unknown key in `options` (named, with the nearest valid one) or a bad
 *   `maxAgeMs`; the request itself never throws: a bad one is `{ valid: false }`.
 *
 * @example
 * ```ts
 * import { verifyAgentRequest } from "@preflow/agent-id";
 *
 * const { valid, address, reason } = await verifyAgentRequest({
 *   method: req.method!,
 *   url: req.url!,
 *   body: rawBody,
 *   headers: req.headers,
 * });
 * ```
 */
export async function verifyAgentRequest(
  request: IncomingAgentRequest,
  options: Omit<AgentRequestVerifierOptions, "replayCacheSize"> = {},
): Promise<AgentRequestVerification> {
  rejectUnknownKeys(options, "options", ["maxAgeMs", "now", "isVerifiedAgent"]);
  sharedCache ??= new ReplayCache(DEFAULT_REPLAY_CACHE_SIZE);
  return verifyWith(request, {
    maxAgeMs: positiveInteger("maxAgeMs", options.maxAgeMs, AGENT_REQUEST_MAX_AGE_MS),
    now: options.now ?? Date.now,
    cache: sharedCache,
    isVerifiedAgent: options.isVerifiedAgent,
  });
}
