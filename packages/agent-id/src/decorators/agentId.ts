import type { SdkBaseClient } from "@preflow/core";
import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { type AgentInfo, getAgentInfo } from "../actions/getAgentInfo.js";
import { type AgentsForAddress, getAgentsForAddress } from "../actions/getAgentsForAddress.js";
import { isVerifiedAgent } from "../actions/isVerifiedAgent.js";
import { type StartRegistrationOptions, startRegistration } from "../actions/startRegistration.js";
import { type AgentVerification, verifyAgent } from "../actions/verifyAgent.js";
import {
  type AgentRegistrationResult,
  OPTION_KEYS as WAIT_OPTION_KEYS,
  type WaitForRegistrationOptions,
  waitForRegistration,
} from "../actions/waitForRegistration.js";
import { AGENT_REQUEST_MAX_AGE_MS } from "../constants.js";
import { agentAccountOf } from "../internal/agentAccount.js";
import { assertNode } from "../internal/runtime.js";
import { signedFetch } from "../internal/signedFetch.js";
import type { AgentRegistrationSession } from "../registrationSession.js";
import { type AgentRequest, type AgentRequestHeaders, signAgentRequest } from "../signAgentRequest.js";
import {
  type AgentRequestVerification,
  DEFAULT_REPLAY_CACHE_SIZE,
  type IncomingAgentRequest,
  ReplayCache,
  verifyWith,
} from "../verifyAgentRequest.js";

/**
 * Options of `client.agentId.verifyAgentRequest`.
 *
 * @example
 * ```ts
 * import type { ClientVerifyAgentRequestOptions } from "@preflow/agent-id";
 * const options: ClientVerifyAgentRequestOptions = { requireVerifiedAgent: true };
 * ```
 */
export interface ClientVerifyAgentRequestOptions {
  /** Also require the on-chain `isVerifiedAgent` (one RPC request); default `false`. */
  requireVerifiedAgent?: boolean;
}

/**
 * `client.agentId`: agent identity (Node only: every member throws `AgentIdUnavailableInBrowserError` elsewhere).
 * Signing needs the client's `agentIdPrivateKey` or `AGENT_ID_PRIVATE_KEY` (`MissingAgentIdKeyError` otherwise);
 * lookups and verification do not. The key is never printed.
 *
 * @example
 * ```ts
 * import { agentIdActions } from "@preflow/agent-id";
 * import { createSdkClient } from "@preflow/core";
 *
 * const client = createSdkClient({ agentIdPrivateKey: process.env.AGENT_KEY }).extend(agentIdActions);
 * const response = await client.agentId.fetch("https://api.example.org/v1/quote", { method: "POST", body: "{}" });
 * ```
 */
export interface AgentIdActions {
  /** The agent's address (from the configured key), or `undefined` when no key is configured. No I/O. */
  readonly address: Address | undefined;
  /**
   * The three signature headers (`x-self-agent-address`, `-signature`, `-timestamp`) for a request, signed with
   * the agent key ({@link signAgentRequest}). HTTP requests: 0.
   *
   * @throws {MissingAgentIdKeyError} no agent key configured.
   * @throws {InvalidArgumentError} the request is malformed or has a key other than `method`, `url`, `body`.
   *
   * @example
   * ```ts
   * const headers = await client.agentId.signRequest({ method: "GET", url: "https://api.example.org/v1/me" });
   * ```
   */
  signRequest(request: AgentRequest): Promise<AgentRequestHeaders>;
  /**
   * `fetch` with the signature headers added (URL string or `URL`; string, bytes or `URLSearchParams` bodies).
   * HTTP requests: 1.
   *
   * @throws {MissingAgentIdKeyError} no agent key configured.
   * @throws {InvalidArgumentError} a `Request` object or an unsupported body.
   *
   * @example
   * ```ts
   * const response = await client.agentId.fetch("https://api.example.org/v1/quote", { method: "POST", body: "{}" });
   * ```
   */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /**
   * Verifies an incoming agent request: ±5 min window, signature, replay cache (one per client), optionally the
   * on-chain registry. HTTP requests: 0 (1 with `requireVerifiedAgent`).
   *
   * @throws {InvalidArgumentError} an unknown key in `options` (named, with the nearest valid one).
   *
   * @example
   * ```ts
   * const result = await client.agentId.verifyAgentRequest({ method, url, body, headers }, { requireVerifiedAgent: true });
   * if (!result.valid) console.warn(result.reason);
   * ```
   */
  verifyAgentRequest(
    request: IncomingAgentRequest,
    options?: ClientVerifyAgentRequestOptions,
  ): Promise<AgentRequestVerification>;
  /**
   * Whether the on-chain agent registry lists `address` as a verified agent ({@link isVerifiedAgent}).
   * HTTP requests: 1.
   *
   * @throws {@link IsVerifiedAgentErrorType}
   *
   * @example
   * ```ts
   * if (await client.agentId.isVerifiedAgent("0x1111111111111111111111111111111111111111")) console.log("verified");
   * ```
   */
  isVerifiedAgent(address: string): Promise<boolean>;
  /**
   * An agent's public record, `GET /api/agent/info/42220/{id}` ({@link getAgentInfo}). HTTP requests: 1.
   *
   * @throws {@link GetAgentInfoErrorType}
   *
   * @example
   * ```ts
   * const info = await client.agentId.getAgentInfo(5n);
   * ```
   */
  getAgentInfo(agentId: bigint | number | string): Promise<AgentInfo>;
  /**
   * The agents of an address, `GET /api/agent/agents/42220/{address}` ({@link getAgentsForAddress}).
   * HTTP requests: 1.
   *
   * @throws {@link GetAgentsForAddressErrorType}
   *
   * @example
   * ```ts
   * const { agents } = await client.agentId.getAgentsForAddress(human);
   * ```
   */
  getAgentsForAddress(address: string): Promise<AgentsForAddress>;
  /**
   * An agent's verification, `GET /api/agent/verify/42220/{id}` ({@link verifyAgent}). HTTP requests: 1.
   *
   * @throws {@link VerifyAgentErrorType}
   *
   * @example
   * ```ts
   * const { isVerified } = await client.agentId.verifyAgent(5n);
   * ```
   */
  verifyAgent(agentId: bigint | number | string): Promise<AgentVerification>;
  /**
   * Starts a registration: signed `POST /api/agent/register`, returns the session (`deepLink`, `qrData`,
   * `expiresAt`) ({@link startRegistration}). HTTP requests: 1.
   *
   * @throws {@link StartRegistrationErrorType}
   *
   * @example
   * ```ts
   * const session = await client.agentId.startRegistration({ agentName: "quote-bot" });
   * ```
   */
  startRegistration(options?: StartRegistrationOptions): Promise<AgentRegistrationSession>;
  /**
   * Polls the registration until a final stage ({@link waitForRegistration}). HTTP requests: 1 per poll.
   *
   * @throws {@link WaitForRegistrationErrorType}
   *
   * @example
   * ```ts
   * const { agentId } = await client.agentId.waitForRegistration(session, { signal: AbortSignal.timeout(600_000) });
   * ```
   */
  waitForRegistration(
    session: AgentRegistrationSession,
    options?: WaitForRegistrationOptions,
  ): Promise<AgentRegistrationResult>;
}

/** A method's options object: `{}` when omitted, else only `keys` (an unknown key is refused, field `options`). */
function checkOptions(options: unknown, keys: readonly string[]): Record<string, unknown> {
  return options === undefined ? {} : rejectUnknownKeys(options, "options", keys);
}

/**
 * The `agentId` group as a decorator: `createSdkClient(options).extend(agentIdActions)` gives `client.agentId`
 * ({@link AgentIdActions}), which reads `agentIdPrivateKey` / `AGENT_ID_PRIVATE_KEY` and `agentIdApiBase` from
 * the client's validated options. Node only.
 *
 * @param client - Any preflow client.
 * @returns `{ agentId }`.
 *
 * @example
 * ```ts
 * import { agentIdActions } from "@preflow/agent-id";
 * import { createSdkClient } from "@preflow/core";
 *
 * const client = createSdkClient().extend(agentIdActions); // key from AGENT_ID_PRIVATE_KEY
 * console.log(client.agentId.address);
 * ```
 */
export function agentIdActions(client: SdkBaseClient): { agentId: AgentIdActions } {
  const hasKey = client.config.agentId.privateKey !== undefined;
  const node =
    <A extends unknown[], R>(operation: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      assertNode(operation);
      return run(...args);
    };
  const checkOnChain = (address: Address) => isVerifiedAgent(client, { address });
  // One replay cache for the client, whichever checks a call asks for.
  const cache = new ReplayCache(DEFAULT_REPLAY_CACHE_SIZE);

  const actions: AgentIdActions = {
    get address() {
      return hasKey ? agentAccountOf(client, "address").address : undefined;
    },
    signRequest: async (request) => signAgentRequest(agentAccountOf(client, "signRequest"), request),
    fetch: async (url, init) => signedFetch(agentAccountOf(client, "fetch"), url, init),
    verifyAgentRequest: node("verifyAgentRequest", async (request, options) => {
      const { requireVerifiedAgent } = checkOptions(options, ["requireVerifiedAgent"]);
      return verifyWith(request, {
        maxAgeMs: AGENT_REQUEST_MAX_AGE_MS,
        now: Date.now,
        cache,
        isVerifiedAgent: requireVerifiedAgent === true ? checkOnChain : undefined,
      });
    }),
    isVerifiedAgent: node("isVerifiedAgent", (address) => isVerifiedAgent(client, { address })),
    getAgentInfo: node("getAgentInfo", (agentId) => getAgentInfo(client, { agentId })),
    getAgentsForAddress: node("getAgentsForAddress", (address) => getAgentsForAddress(client, { address })),
    verifyAgent: node("verifyAgent", (agentId) => verifyAgent(client, { agentId })),
    startRegistration: async (options) => startRegistration(client, options),
    waitForRegistration: node("waitForRegistration", (session, options) =>
      waitForRegistration(client, { ...checkOptions(options, WAIT_OPTION_KEYS), session }),
    ),
  };
  return { agentId: Object.freeze(actions) };
}
