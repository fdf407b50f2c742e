import type { SdkErrorOptions } from "@preflow/core";
import { redactSecrets, SdkError } from "@preflow/errors";

/**
 * The base class of every agent-identity error (`client.agentId`). Extends `SdkError`, so one
 * `catch (e) { if (e instanceof SdkError) ... }` still covers everything. `status` is the HTTP status of
 * the response at fault, when there was one. No agent key or session token ever appears in the message,
 * `details` or `JSON.stringify(error)`.
 *
 * @example
 * ```ts
 * import { AgentIdError } from "@preflow/agent-id";
 *
 * try {
 *   await client.agentId.getAgentInfo(5n);
 * } catch (error) {
 *   if (error instanceof AgentIdError) console.error(error.code, error.status);
 * }
 * ```
 */
export class AgentIdError extends SdkError<AgentIdErrorCode> {
  /** The HTTP status of the response at fault, or `undefined` when no response was involved. */
  readonly status: number | undefined;
  override readonly name: string = "AgentIdError";

  constructor(parameters: AgentIdErrorParameters) {
    const { code, message, status, details, cause } = parameters;
    super({
      code,
      message,
      ...(cause === undefined ? {} : { cause }),
      details: { ...(details ?? {}), ...(status === undefined ? {} : { status }) },
    });
    this.status = status;
  }
}

/**
 * The stable `code` of every error `@preflow/agent-id` throws on purpose.
 *
 * @example
 * ```ts
 * import type { AgentIdErrorCode } from "@preflow/agent-id";
 * const code: AgentIdErrorCode = "AGENT_ID_HTTP_ERROR";
 * ```
 */
export type AgentIdErrorCode =
  | "AGENT_ID_HTTP_ERROR"
  | "AGENT_ID_INVALID_RESPONSE"
  | "AGENT_ID_REGISTRATION_EXPIRED"
  | "AGENT_ID_REGISTRATION_FAILED"
  | "AGENT_ID_TIMEOUT"
  | "AGENT_ID_NODE_ONLY"
  | "AGENT_REGISTRY_NOT_DEPLOYED"
  | "MISSING_AGENT_ID_KEY";

/**
 * The one parameter of the {@link AgentIdError} constructor.
 *
 * @example
 * ```ts
 * import type { AgentIdErrorParameters } from "@preflow/agent-id";
 * const parameters: AgentIdErrorParameters = { code: "AGENT_ID_TIMEOUT", message: "No final stage. Call again." };
 * ```
 */
export interface AgentIdErrorParameters extends SdkErrorOptions {
  code: AgentIdErrorCode;
  /** What was wrong and what to do; never a key or a session token. */
  message: string;
  /** The HTTP status of the response at fault, when there was one. */
  status?: number | undefined;
}

/**
 * Parameters of {@link AgentIdHttpError}.
 *
 * @example
 * ```ts
 * new AgentIdHttpError({ method: "GET", path: "/api/agent/info/42220/5", status: 404, reason: "not found" });
 * ```
 */
export interface AgentIdHttpErrorParameters {
  method: string;
  /** The path of the request (no host, no query string). */
  path: string;
  /** HTTP status; `undefined` when no response arrived (network failure). */
  status?: number;
  /** What went wrong: the service's `error` text (shortened) or the network failure. */
  reason: string;
  cause?: unknown;
}

/**
 * The agent-identity API answered with an HTTP error (or could not be reached: then `status` is undefined).
 *
 * @example
 * ```ts
 * import { AgentIdHttpError } from "@preflow/agent-id";
 *
 * try {
 *   await client.agentId.getAgentInfo(999_999n);
 * } catch (error) {
 *   if (error instanceof AgentIdHttpError && error.status === 404) console.log("no such agent");
 * }
 * ```
 */
export class AgentIdHttpError extends AgentIdError {
  override readonly name: string = "AgentIdHttpError";

  constructor(parameters: AgentIdHttpErrorParameters) {
    const { method, path, status, cause } = parameters;
    const reason = redactSecrets(parameters.reason);
    const what = status === undefined ? "failed" : `failed with HTTP ${status}`;
    super({
      code: "AGENT_ID_HTTP_ERROR",
      message: `Agent-identity request ${method} ${path} ${what}: ${reason}.`,
      details: { method, path, reason },
      ...(status === undefined ? {} : { status }),
      ...(cause === undefined ? {} : { cause }),
    });
  }
}

/**
 * The agent-identity API answered 2xx with a body that does not have the documented shape (a field is
 * missing or has the wrong type). Responses are validated, never trusted.
 *
 * @example
 * ```ts
 * import { AgentIdInvalidResponseError } from "@preflow/agent-id";
 * // error.details.field names the field at fault, error.details.rule the rule it broke
 * if (error instanceof AgentIdInvalidResponseError) console.error(error.details.field, error.details.rule);
 * ```
 */
export class AgentIdInvalidResponseError extends AgentIdError {
  override readonly name: string = "AgentIdInvalidResponseError";

  constructor(parameters: { path: string; field: string; rule: string; status: number }) {
    const { path, field, rule, status } = parameters;
    super({
      code: "AGENT_ID_INVALID_RESPONSE",
      message: `The agent-identity API returned an unexpected body for ${path}: \`${field}\` ${rule}. Check agentIdApiBase.`,
      details: { path, field, rule },
      status,
    });
  }
}

/**
 * The registration session expired (HTTP 410 or stage `expired`; sessions last 30 minutes). Start a new
 * one with `client.agentId.startRegistration`.
 *
 * @example
 * ```ts
 * import { AgentIdRegistrationExpiredError } from "@preflow/agent-id";
 *
 * try {
 *   await client.agentId.waitForRegistration(session);
 * } catch (error) {
 *   if (error instanceof AgentIdRegistrationExpiredError) session = await client.agentId.startRegistration();
 * }
 * ```
 */
export class AgentIdRegistrationExpiredError extends AgentIdError {
  override readonly name: string = "AgentIdRegistrationExpiredError";

  constructor(parameters: { status: number }) {
    super({
      code: "AGENT_ID_REGISTRATION_EXPIRED",
      message: `The agent registration session expired (HTTP ${parameters.status}). Call startRegistration() again.`,
      status: parameters.status,
    });
  }
}

/**
 * The registration reached the final stage `failed` (the proof was rejected or the on-chain registration
 * reverted). `details.reason` holds the service's explanation when it gave one.
 *
 * @example
 * ```ts
 * import { AgentIdRegistrationFailedError } from "@preflow/agent-id";
 * if (error instanceof AgentIdRegistrationFailedError) console.error(error.details.reason);
 * ```
 */
export class AgentIdRegistrationFailedError extends AgentIdError {
  override readonly name: string = "AgentIdRegistrationFailedError";

  constructor(parameters: { status: number; reason: string | undefined }) {
    const { status, reason } = parameters;
    super({
      code: "AGENT_ID_REGISTRATION_FAILED",
      message: `The agent registration failed${reason ? `: ${reason}` : ""}. Call startRegistration() to try again.`,
      status,
      details: reason === undefined ? {} : { reason },
    });
  }
}

/**
 * `waitForRegistration` gave up after `timeoutMs` (default: until the session's expiry) without reaching a
 * final stage. The session may still be alive: calling `waitForRegistration(session)` again resumes with
 * the latest rotated token.
 *
 * @example
 * ```ts
 * import { AgentIdTimeoutError } from "@preflow/agent-id";
 * if (error instanceof AgentIdTimeoutError) console.log(`still waiting after ${error.details.timeoutMs} ms`);
 * ```
 */
export class AgentIdTimeoutError extends AgentIdError {
  override readonly name: string = "AgentIdTimeoutError";

  constructor(parameters: { timeoutMs: number; lastStage: string }) {
    const { timeoutMs, lastStage } = parameters;
    super({
      code: "AGENT_ID_TIMEOUT",
      message: `The agent registration did not reach a final stage within ${timeoutMs} ms (last stage: ${lastStage}). Call waitForRegistration(session) again to resume.`,
      details: { timeoutMs, lastStage },
    });
  }
}

/**
 * There is no agent registry contract at the registry address on the chain behind `rpcUrl`: `eth_getCode`
 * returns no code there (the registry's `eth_call` answered `0x`). Seen on a local devnet or a fork made before
 * the registry existed; the endpoint itself works. Point `rpcUrl` at a chain 42220 node that has the registry.
 *
 * @example
 * ```ts
 * import { AgentRegistryNotDeployedError } from "@preflow/agent-id";
 * if (error instanceof AgentRegistryNotDeployedError) console.error(`no registry at ${error.details.address}`);
 * ```
 */
export class AgentRegistryNotDeployedError extends AgentIdError {
  override readonly name: string = "AgentRegistryNotDeployedError";

  constructor(parameters: { address: string; operation: string }) {
    const { address, operation } = parameters;
    super({
      code: "AGENT_REGISTRY_NOT_DEPLOYED",
      message: `There is no agent registry contract at ${address} on this chain (no code at that address), so ${operation} cannot ask it. Point rpcUrl at a chain 42220 node that has the registry (a local devnet or an old fork may not).`,
      details: { address, operation },
    });
  }
}

/**
 * Agent identity is Node only (the key must not live in a browser): every `client.agentId` operation
 * throws this where `process.versions.node` is absent.
 *
 * @example
 * ```ts
 * import { AgentIdUnavailableInBrowserError } from "@preflow/agent-id";
 * if (error instanceof AgentIdUnavailableInBrowserError) showServerSideHint();
 * ```
 */
export class AgentIdUnavailableInBrowserError extends AgentIdError {
  override readonly name: string = "AgentIdUnavailableInBrowserError";

  constructor(parameters: { operation: string }) {
    const { operation } = parameters;
    super({
      code: "AGENT_ID_NODE_ONLY",
      message: `client.agentId.${operation} runs in Node only (no \`process.versions.node\` here): the agent key must never reach a browser. Call it from your server.`,
      details: { operation },
    });
  }
}

/**
 * An operation needs the agent key but neither `agentIdPrivateKey` nor `AGENT_ID_PRIVATE_KEY` is set.
 *
 * @example
 * ```ts
 * import { createSdkClient, MissingAgentIdKeyError } from "@preflow/agent-id";
 *
 * try {
 *   await createSdkClient().agentId.signRequest({ method: "GET", url: "/x" });
 * } catch (error) {
 *   if (error instanceof MissingAgentIdKeyError) console.error(error.message);
 * }
 * ```
 */
export class MissingAgentIdKeyError extends AgentIdError {
  override readonly name: string = "MissingAgentIdKeyError";

  constructor(parameters: { operation: string }) {
    const { operation } = parameters;
    super({
      code: "MISSING_AGENT_ID_KEY",
      message: `client.agentId.${operation} needs the agent key: pass \`agentIdPrivateKey\` to createSdkClient or set AGENT_ID_PRIVATE_KEY (0x followed by 64 hex digits).`,
      details: { operation },
    });
  }
}
