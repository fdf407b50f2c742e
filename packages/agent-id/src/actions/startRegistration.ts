import type { InvalidAddressError, SdkBaseClient } from "@preflow/core";
import { CHAIN_ID, parseAddress } from "@preflow/core";
import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import type {
  AgentIdHttpError,
  AgentIdInvalidResponseError,
  AgentIdUnavailableInBrowserError,
  MissingAgentIdKeyError,
} from "../errors/AgentIdError.js";
import { agentAccountOf } from "../internal/agentAccount.js";
import { apiRequest, expectOk } from "../internal/http.js";
import { responseFields } from "../internal/responseFields.js";
import { type AgentRegistrationSession, createSession, REGISTRATION_STAGES } from "../registrationSession.js";
import { signAgentRequest } from "../signAgentRequest.js";

/**
 * Options of `client.agentId.startRegistration`. Everything is optional; the agent registered is always
 * the configured key's address.
 *
 * @example
 * ```ts
 * const options: StartRegistrationOptions = { mode: "linked", humanAddress, agentName: "quote-bot" };
 * ```
 */
export interface StartRegistrationOptions {
  /** Registration mode of the service; default `"linked"` (the agent key here, linked to a human wallet). */
  mode?: "linked" | "self-custody" | "wallet-free";
  /** The human's wallet address (needed by `linked` and `self-custody`). */
  humanAddress?: string;
  agentName?: string;
  agentDescription?: string;
  /** Credential disclosures to request from the human (e.g. `{ minimumAge: 18, ofac: true }`). */
  disclosures?: Readonly<Record<string, boolean | number>>;
  signal?: AbortSignal;
}

const MODES = ["linked", "self-custody", "wallet-free"] as const;
const SESSION_MS = 30 * 60 * 1000;

function optionalText(field: string, value: unknown, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "" || value.length > max) {
    throw new InvalidArgumentError({
      field: field,
      value: value,
      rule: `must be a non-empty string of at most ${max} characters`,
    });
  }
  return value;
}

/** Validates {@link StartRegistrationOptions} into the POST body. @internal */
const OPTION_KEYS = ["mode", "humanAddress", "agentName", "agentDescription", "disclosures", "signal"];

function registrationBody(options: StartRegistrationOptions, agentAddress: Address): Record<string, unknown> {
  rejectUnknownKeys(options, "options", OPTION_KEYS);
  const mode = options.mode ?? "linked";
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new InvalidArgumentError({
      field: "options.mode",
      value: mode,
      rule: `must be one of ${MODES.join(", ")}`,
    });
  }
  let disclosures: Record<string, boolean | number> | undefined;
  if (options.disclosures !== undefined) {
    if (typeof options.disclosures !== "object" || options.disclosures === null) {
      throw new InvalidArgumentError({
        field: "options.disclosures",
        value: options.disclosures,
        rule: "must be an object",
      });
    }
    disclosures = {};
    for (const [key, value] of Object.entries(options.disclosures)) {
      if (
        typeof value !== "boolean" &&
        !(typeof value === "number" && Number.isSafeInteger(value) && value >= 0)
      ) {
        throw new InvalidArgumentError({
          field: `options.disclosures.${key}`,
          value: value,
          rule: "must be a boolean or a non-negative integer",
        });
      }
      disclosures[key] = value;
    }
  }
  const body: Record<string, unknown> = { mode, network: "mainnet", chainId: CHAIN_ID, agentAddress };
  if (options.humanAddress !== undefined)
    body.humanAddress = parseAddress(options.humanAddress, "options.humanAddress");
  const agentName = optionalText("options.agentName", options.agentName, 100);
  if (agentName !== undefined) body.agentName = agentName;
  const agentDescription = optionalText("options.agentDescription", options.agentDescription, 1000);
  if (agentDescription !== undefined) body.agentDescription = agentDescription;
  if (disclosures !== undefined) body.disclosures = disclosures;
  return body;
}

/**
 * The errors {@link startRegistration} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link MissingAgentIdKeyError}: no `agentIdPrivateKey` / `AGENT_ID_PRIVATE_KEY`.
 * - {@link InvalidAddressError}: `options.humanAddress` is not an address.
 * - {@link InvalidArgumentError}: a bad or unknown option (mode, name, description, disclosures; an unknown key is named, with the nearest valid one).
 * - {@link AgentIdHttpError}: the API answered 4xx/5xx (`status`) or was unreachable.
 * - {@link AgentIdInvalidResponseError}: a 2xx body without the documented shape.
 * - {@link AgentIdUnavailableInBrowserError}: outside Node.
 *
 * @example
 * ```ts
 * import type { StartRegistrationErrorType } from "@preflow/agent-id";
 * ```
 */
export type StartRegistrationErrorType =
  | MissingAgentIdKeyError
  | AgentIdHttpError
  | AgentIdInvalidResponseError
  | AgentIdUnavailableInBrowserError
  | InvalidArgumentError
  | InvalidAddressError;

/**
 * Starts registering the configured agent key with the agent-identity service: `POST /api/agent/register`
 * (a signed request, so the service sees the agent's address proven by its key). Returns the session: show
 * its deep link or QR code to the human, then `waitForRegistration(session)`. One HTTP request.
 *
 * @throws {@link StartRegistrationErrorType}
 *
 * @example
 * ```ts
 * import { startRegistration, waitForRegistration } from "@preflow/agent-id";
 * import { createSdkBaseClient } from "@preflow/core";
 *
 * const client = createSdkBaseClient(); // agent key from AGENT_ID_PRIVATE_KEY
 * const session = await startRegistration(client, { humanAddress, agentName: "quote-bot" });
 * console.log(session.deepLink, session.expiresAt);
 * const result = await waitForRegistration(client, { session, onStage: (e) => console.log(e.stage) });
 * ```
 */
export async function startRegistration(
  client: SdkBaseClient,
  options: StartRegistrationOptions = {},
): Promise<AgentRegistrationSession> {
  const account = agentAccountOf(client, "startRegistration");
  const payload = JSON.stringify(registrationBody(options, account.address));
  const path = "/api/agent/register";
  const signed = await signAgentRequest(account, { method: "POST", url: path, body: payload });
  const request = {
    method: "POST",
    path,
    headers: { "content-type": "application/json", ...signed },
    body: payload,
    signal: options.signal,
  } as const;
  const response = await apiRequest(client.config.agentId.apiBase, request);
  const body = expectOk(request, response);
  const read = responseFields(path, response, body);
  const token = read.string("sessionToken");
  const deepLink = read.string("deepLink");
  try {
    new URL(deepLink);
  } catch {
    read.fail("deepLink", "must be a URL");
  }
  const stage = body.stage ?? "qr-ready";
  if (typeof stage !== "string" || !(REGISTRATION_STAGES as readonly string[]).includes(stage)) {
    read.fail("stage", `must be one of ${REGISTRATION_STAGES.join(", ")}`);
  }
  let expiresAt: Date;
  if (typeof body.expiresAt === "string" && !Number.isNaN(Date.parse(body.expiresAt))) {
    expiresAt = new Date(body.expiresAt);
  } else if (
    typeof body.timeRemainingMs === "number" &&
    body.timeRemainingMs >= 0 &&
    body.timeRemainingMs <= SESSION_MS * 2
  ) {
    expiresAt = new Date(Date.now() + body.timeRemainingMs);
  } else {
    return read.fail("expiresAt", "must be an ISO date string (or timeRemainingMs a number of ms)");
  }
  if (body.agentAddress !== undefined && read.address("agentAddress") !== account.address) {
    read.fail("agentAddress", `must be the registering agent ${account.address}`);
  }
  const qrData = body.qrData === undefined ? deepLink : read.string("qrData");
  const instructions = body.humanInstructions;
  const humanInstructions =
    Array.isArray(instructions) && instructions.every((line) => typeof line === "string")
      ? (instructions as string[])
      : [];
  return createSession(
    {
      stage: stage as AgentRegistrationSession["stage"],
      deepLink,
      qrData,
      expiresAt,
      agentAddress: account.address,
      humanInstructions,
    },
    token,
  );
}
