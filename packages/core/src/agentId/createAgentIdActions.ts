import type { Address, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ClientContext } from "../client/context.js";
import { AGENT_REQUEST_MAX_AGE_MS } from "./constants.js";
import { MissingAgentIdKeyError } from "./errors.js";
import { type AgentInfo, getAgentInfo } from "./getAgentInfo.js";
import { type AgentsForAddress, getAgentsForAddress } from "./getAgentsForAddress.js";
import { isVerifiedAgent } from "./isVerifiedAgent.js";
import type { AgentRegistrationSession } from "./registrationSession.js";
import { assertNode } from "./runtime.js";
import { type AgentRequest, type AgentRequestHeaders, signAgentRequest } from "./signAgentRequest.js";
import { signedFetch } from "./signedFetch.js";
import { type StartRegistrationOptions, startRegistration } from "./startRegistration.js";
import { type AgentVerification, verifyAgent } from "./verifyAgent.js";
import {
  type AgentRequestVerification,
  DEFAULT_REPLAY_CACHE_SIZE,
  type IncomingAgentRequest,
  ReplayCache,
  verifyWith,
} from "./verifyAgentRequest.js";
import {
  type AgentRegistrationResult,
  type WaitForRegistrationOptions,
  waitForRegistration,
} from "./waitForRegistration.js";

/**
 * Options of `client.agentId.verifyAgentRequest`.
 *
 * @example
 * ```ts
 * const options: ClientVerifyAgentRequestOptions = { requireVerifiedAgent: true };
 * ```
 */
export interface ClientVerifyAgentRequestOptions {
  /** Also require the on-chain `isVerifiedAgent` (one RPC request); default `false`. */
  requireVerifiedAgent?: boolean;
}

/**
 * `client.agentId`: agent identity (Node only; every member throws `AgentIdUnavailableInBrowserError`
 * elsewhere). Signing needs `agentIdPrivateKey` or `AGENT_ID_PRIVATE_KEY` (`MissingAgentIdKeyError`
 * otherwise); lookups and verification do not.
 *
 * @example
 * ```ts
 * const client = createSdkClient({ agentIdPrivateKey: process.env.AGENT_KEY });
 * const response = await client.agentId.fetch("https://api.example.org/v1/quote", { method: "POST", body: "{}" });
 * ```
 */
export interface AgentIdActions {
  /** The agent's address (from the configured key), or `undefined` when no key is configured. */
  readonly address: Address | undefined;
  /** The three signature headers for a request. See {@link signAgentRequest}. */
  signRequest(request: AgentRequest): Promise<AgentRequestHeaders>;
  /** `fetch` with the signature headers added (URL string or `URL`; string, bytes or URLSearchParams bodies). */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /** Verifies an incoming agent request with this client's verifier (its own replay cache). */
  verifyAgentRequest(
    request: IncomingAgentRequest,
    options?: ClientVerifyAgentRequestOptions,
  ): Promise<AgentRequestVerification>;
  /** On-chain registry check, one RPC request. See {@link isVerifiedAgent}. */
  isVerifiedAgent(address: string): Promise<boolean>;
  /** See {@link getAgentInfo}. */
  getAgentInfo(agentId: bigint | number | string): Promise<AgentInfo>;
  /** See {@link getAgentsForAddress}. */
  getAgentsForAddress(address: string): Promise<AgentsForAddress>;
  /** See {@link verifyAgent}. */
  verifyAgent(agentId: bigint | number | string): Promise<AgentVerification>;
  /** See {@link startRegistration}. */
  startRegistration(options?: StartRegistrationOptions): Promise<AgentRegistrationSession>;
  /** See {@link waitForRegistration}. */
  waitForRegistration(
    session: AgentRegistrationSession,
    options?: WaitForRegistrationOptions,
  ): Promise<AgentRegistrationResult>;
}

/** Builds `client.agentId` over a client context. The key stays in this closure. @internal */
export function createAgentIdActions(ctx: ClientContext): AgentIdActions {
  const key = ctx.config.agentId.privateKey;
  let account: LocalAccount | undefined;
  const signer = (operation: string): LocalAccount => {
    assertNode(operation);
    if (key === undefined) throw new MissingAgentIdKeyError(operation);
    account ??= privateKeyToAccount(key.reveal());
    return account;
  };
  const node =
    <A extends unknown[], R>(operation: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      assertNode(operation);
      return run(...args);
    };
  const checkOnChain = (address: Address) => isVerifiedAgent(ctx, address);
  // One replay cache for the client, whichever checks a call asks for.
  const cache = new ReplayCache(DEFAULT_REPLAY_CACHE_SIZE);

  const actions: AgentIdActions = {
    get address() {
      if (key === undefined) return undefined;
      return signer("address").address;
    },
    signRequest: async (request) => signAgentRequest(signer("signRequest"), request),
    fetch: async (url, init) => signedFetch(signer("fetch"), url, init),
    verifyAgentRequest: node("verifyAgentRequest", async (request, options) =>
      verifyWith(request, {
        maxAgeMs: AGENT_REQUEST_MAX_AGE_MS,
        now: Date.now,
        cache,
        isVerifiedAgent: options?.requireVerifiedAgent === true ? checkOnChain : undefined,
      }),
    ),
    isVerifiedAgent: node("isVerifiedAgent", (address) => isVerifiedAgent(ctx, address)),
    getAgentInfo: node("getAgentInfo", (agentId) => getAgentInfo(ctx, agentId)),
    getAgentsForAddress: node("getAgentsForAddress", (address) => getAgentsForAddress(ctx, address)),
    verifyAgent: node("verifyAgent", (agentId) => verifyAgent(ctx, agentId)),
    startRegistration: async (options) => startRegistration(ctx, signer("startRegistration"), options),
    waitForRegistration: node("waitForRegistration", (session, options) =>
      waitForRegistration(ctx, session, options),
    ),
  };
  return Object.freeze(actions);
}
