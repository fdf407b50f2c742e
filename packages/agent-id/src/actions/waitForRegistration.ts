import type { SdkBaseClient } from "@preflow/core";
import { parseAddress } from "@preflow/core";
import { InvalidArgumentError, redactSecrets, rejectUnknownKeys, sleep } from "@preflow/errors";
import type { Address, Hex } from "viem";
import {
  AgentIdHttpError,
  type AgentIdInvalidResponseError,
  AgentIdRegistrationExpiredError,
  AgentIdRegistrationFailedError,
  AgentIdTimeoutError,
  type AgentIdUnavailableInBrowserError,
} from "../errors/AgentIdError.js";
import { type ApiResponse, apiRequest, expectObject, expectOk } from "../internal/http.js";
import { responseFields } from "../internal/responseFields.js";
import { assertNode } from "../internal/runtime.js";
import {
  type AgentRegistrationSession,
  type AgentRegistrationStage,
  REGISTRATION_STAGES,
  sessionTokens,
} from "../registrationSession.js";

/**
 * What `onStage` receives: every stage the service reports (once per change), plus `backoff` (a failed or
 * rate-limited poll; the next one waits `delayMs`) and `timeout` (just before `AgentIdTimeoutError`).
 *
 * @example
 * ```ts
 * const onStage = (event: AgentRegistrationStageEvent) => {
 *   if (event.stage === "backoff") console.warn(`retrying in ${event.delayMs} ms`);
 * };
 * ```
 */
export type AgentRegistrationStageEvent =
  | { stage: AgentRegistrationStage }
  | { stage: "backoff"; attempt: number; delayMs: number; status: number | undefined }
  | { stage: "timeout"; timeoutMs: number };

/**
 * Options of `client.agentId.waitForRegistration`.
 *
 * @example
 * ```ts
 * const options: WaitForRegistrationOptions = { signal: AbortSignal.timeout(600_000), onStage: console.log };
 * ```
 */
export interface WaitForRegistrationOptions {
  /** Aborts the wait; the promise rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Called on every stage change, `backoff` and `timeout`. An exception thrown here stops the wait. */
  onStage?: (event: AgentRegistrationStageEvent) => void;
  /** Give up after this many ms (`AgentIdTimeoutError`); default: until the session's `expiresAt`. */
  timeoutMs?: number;
  /** Pause between polls; default 5000 ms. Backoff doubles it after failures, up to 60 s. */
  pollIntervalMs?: number;
}

/**
 * The outcome of a completed registration.
 *
 * @example
 * ```ts
 * const { agentId, txHash }: AgentRegistrationResult = await client.agentId.waitForRegistration(session);
 * ```
 */
export interface AgentRegistrationResult {
  agentId: bigint;
  agentAddress: Address;
  /** The registration transaction, when the service reports it. */
  txHash: Hex | undefined;
  raw: Readonly<Record<string, unknown>>;
}

const DEFAULT_POLL_MS = 5_000;
const MAX_BACKOFF_MS = 60_000;
const FINAL = new Set<string>(["completed", "failed", "expired"]);

function nonNegative(field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new InvalidArgumentError({
      field: field,
      value: value,
      rule: "must be a non-negative number of ms",
    });
  return value;
}

/**
 * Parameters of {@link waitForRegistration}: the session and the wait options.
 *
 * @example
 * ```ts
 * import type { WaitForRegistrationParameters } from "@preflow/agent-id";
 * const parameters: WaitForRegistrationParameters = { session, timeoutMs: 10 * 60_000 };
 * ```
 */
export interface WaitForRegistrationParameters extends WaitForRegistrationOptions {
  /** The session returned by `startRegistration`. */
  session: AgentRegistrationSession;
}

/**
 * The errors {@link waitForRegistration} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link AgentIdRegistrationFailedError}: the final stage is `failed`.
 * - {@link AgentIdRegistrationExpiredError}: HTTP 410 or stage `expired`.
 * - {@link AgentIdTimeoutError}: no final stage within `timeoutMs` (call again to resume).
 * - {@link AgentIdHttpError}: a 4xx answer other than 410/429.
 * - {@link AgentIdInvalidResponseError}: a status answer does not have the documented shape.
 * - {@link InvalidArgumentError}: not a session from `startRegistration`, or bad or unknown options (an unknown key is named, with the nearest valid one).
 * - {@link AgentIdUnavailableInBrowserError}: outside Node.
 *
 * @example
 * ```ts
 * import type { WaitForRegistrationErrorType } from "@preflow/agent-id";
 * ```
 */
export type WaitForRegistrationErrorType =
  | AgentIdRegistrationExpiredError
  | AgentIdRegistrationFailedError
  | AgentIdTimeoutError
  | AgentIdHttpError
  | AgentIdInvalidResponseError
  | AgentIdUnavailableInBrowserError
  | InvalidArgumentError;

/** The keys of {@link WaitForRegistrationOptions}. @internal */
export const OPTION_KEYS = ["signal", "onStage", "timeoutMs", "pollIntervalMs"];

/**
 * Polls `GET /api/agent/register/status` (`Authorization: Bearer <token>`, the token rotating on every
 * response) until a final stage: resolves on `completed`; throws `AgentIdRegistrationFailedError` on
 * `failed`, `AgentIdRegistrationExpiredError` on `expired` or HTTP 410, `AgentIdTimeoutError` after
 * `timeoutMs`, `AgentIdHttpError` on other 4xx. 429, 5xx and network failures back off and retry.
 * Calling it again after a timeout resumes with the latest token.
 *
 * @throws {@link WaitForRegistrationErrorType}
 *
 * @example
 * ```ts
 * import { startRegistration, waitForRegistration } from "@preflow/agent-id";
 *
 * const session = await startRegistration(client, { humanAddress });
 * const { agentId } = await waitForRegistration(client, {
 *   session,
 *   onStage: (event) => console.log(event.stage),
 *   signal: AbortSignal.timeout(10 * 60_000),
 * });
 * ```
 */
export async function waitForRegistration(
  client: SdkBaseClient,
  parameters: WaitForRegistrationParameters,
): Promise<AgentRegistrationResult> {
  assertNode("waitForRegistration");
  const { session, ...options } = rejectUnknownKeys(parameters, "parameters", [
    "session",
    ...OPTION_KEYS,
  ]) as unknown as WaitForRegistrationParameters;
  if (typeof session !== "object" || session === null) {
    throw new InvalidArgumentError({
      field: "session",
      value: session,
      rule: "must be the object returned by startRegistration",
    });
  }
  let state = sessionTokens.get(session);
  if (state === undefined) {
    const token = (session as { sessionToken?: unknown }).sessionToken;
    if (typeof token !== "string" || token === "") {
      throw new InvalidArgumentError({
        field: "session.sessionToken",
        value: "(not shown)",
        rule: "must be a non-empty string",
      });
    }
    state = { token };
    sessionTokens.set(session, state);
  }
  const sessionAgent = parseAddress(session.agentAddress, "session.agentAddress");
  const { signal, onStage } = options;
  const interval = nonNegative("pollIntervalMs", options.pollIntervalMs, DEFAULT_POLL_MS);
  const expiresAt = session.expiresAt instanceof Date ? session.expiresAt.getTime() : Number.NaN;
  const untilExpiry = Number.isNaN(expiresAt) ? 30 * 60 * 1000 : Math.max(0, expiresAt - Date.now());
  const timeoutMs = nonNegative("timeoutMs", options.timeoutMs, untilExpiry);
  const deadline = Date.now() + timeoutMs;
  const path = "/api/agent/register/status";
  let lastStage: string = typeof session.stage === "string" ? session.stage : "qr-ready";
  let reported: string | undefined;
  let failures = 0;

  for (;;) {
    signal?.throwIfAborted();
    const request = {
      method: "GET",
      path,
      headers: { authorization: `Bearer ${state.token}` },
      signal,
      secrets: [state.token],
    } as const;
    let response: ApiResponse | undefined;
    try {
      response = await apiRequest(client.config.agentId.apiBase, request);
    } catch (error) {
      if (!(error instanceof AgentIdHttpError)) throw error; // aborted
    }
    const status = response?.status;
    if (status === 410) {
      onStage?.({ stage: "expired" });
      throw new AgentIdRegistrationExpiredError({ status });
    }
    let delay = interval;
    if (response === undefined || status === 429 || (status !== undefined && status >= 500)) {
      failures++;
      delay = Math.min(
        MAX_BACKOFF_MS,
        Math.max(response?.retryAfterMs ?? 0, Math.max(interval, 250) * 2 ** failures),
      );
      onStage?.({ stage: "backoff", attempt: failures, delayMs: delay, status });
    } else {
      failures = 0;
      const body = expectOk(request, response!);
      const read = responseFields(path, response!, body);
      const stage = body.stage;
      if (typeof stage !== "string" || !(REGISTRATION_STAGES as readonly string[]).includes(stage)) {
        read.fail("stage", `must be one of ${REGISTRATION_STAGES.join(", ")}`);
      }
      if (body.sessionToken !== undefined || !FINAL.has(stage as string)) {
        state.token = read.string("sessionToken"); // rotates on every response
      }
      lastStage = stage as string;
      if (reported !== lastStage) {
        reported = lastStage;
        onStage?.({ stage: lastStage as AgentRegistrationStage });
      }
      if (lastStage === "completed") {
        const agentAddress = body.agentAddress === undefined ? sessionAgent : read.address("agentAddress");
        if (agentAddress !== sessionAgent) {
          read.fail("agentAddress", `must be the registering agent ${sessionAgent}`);
        }
        const txHash = body.txHash;
        if (
          txHash !== undefined &&
          txHash !== null &&
          (typeof txHash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(txHash))
        ) {
          read.fail("txHash", "must be a 32-byte hex hash when present");
        }
        return {
          agentId: read.agentId("agentId"),
          agentAddress,
          txHash: (txHash ?? undefined) as Hex | undefined,
          raw: Object.freeze({ ...expectObject(path, response!) }),
        };
      }
      if (lastStage === "failed") {
        const reason =
          typeof body.error === "string"
            ? body.error
            : typeof body.reason === "string"
              ? body.reason
              : undefined;
        throw new AgentIdRegistrationFailedError({
          status: response!.status,
          reason: reason === undefined ? undefined : redactSecrets(reason, [state.token]).slice(0, 200),
        });
      }
      if (lastStage === "expired") throw new AgentIdRegistrationExpiredError({ status: response!.status });
    }
    if (Date.now() + delay > deadline) {
      onStage?.({ stage: "timeout", timeoutMs });
      throw new AgentIdTimeoutError({ timeoutMs, lastStage });
    }
    await sleep(delay, signal);
    signal?.throwIfAborted();
  }
}
