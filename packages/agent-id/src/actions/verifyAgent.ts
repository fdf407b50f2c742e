import type { SdkBaseClient } from "@preflow/core";
import { CHAIN_ID } from "@preflow/core";
import type { InvalidArgumentError } from "@preflow/errors";
import { rejectUnknownKeys } from "@preflow/errors";
import type {
  AgentIdHttpError,
  AgentIdInvalidResponseError,
  AgentIdUnavailableInBrowserError,
} from "../errors/AgentIdError.js";
import { apiRequest, expectOk } from "../internal/http.js";
import { parseAgentIdArgument } from "../internal/parseAgentIdArgument.js";
import { responseFields } from "../internal/responseFields.js";
import { assertNode } from "../internal/runtime.js";

/**
 * The service's verification summary of an agent (`GET /api/agent/verify/42220/{agentId}`). `raw` holds
 * the whole body, unvalidated (proof provider, strength, human nullifier...).
 *
 * @example
 * ```ts
 * const { isVerified }: AgentVerification = await client.agentId.verifyAgent(5n);
 * ```
 */
export interface AgentVerification {
  agentId: bigint;
  isVerified: boolean;
  /** `verificationStrength` when the service sends a number. */
  verificationStrength: number | undefined;
  raw: Readonly<Record<string, unknown>>;
}

/**
 * Parameters of {@link verifyAgent}.
 *
 * @example
 * ```ts
 * import type { VerifyAgentParameters } from "@preflow/agent-id";
 * const parameters: VerifyAgentParameters = { agentId: 5n };
 * ```
 */
export interface VerifyAgentParameters {
  /** The agent id (a non-negative integer, as a bigint, number or decimal string). */
  agentId: bigint | number | string;
}

/**
 * The errors {@link verifyAgent} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link AgentIdHttpError}: the API answered 4xx/5xx (`status`) or was unreachable.
 * - {@link AgentIdInvalidResponseError}: a 2xx body without the documented shape.
 * - {@link InvalidArgumentError}: `agentId` is not a non-negative integer.
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one), before any I/O.
 * - {@link AgentIdUnavailableInBrowserError}: outside Node.
 *
 * @example
 * ```ts
 * import type { VerifyAgentErrorType } from "@preflow/agent-id";
 * ```
 */
export type VerifyAgentErrorType =
  | AgentIdHttpError
  | AgentIdInvalidResponseError
  | AgentIdUnavailableInBrowserError
  | InvalidArgumentError;

/**
 * Asks the agent-identity API whether an agent id has a human proof, no auth. One HTTP request. For a
 * trust decision about an address prefer the on-chain `isVerifiedAgent`.
 *
 * @throws {@link VerifyAgentErrorType}
 *
 * @example
 * ```ts
 * import { verifyAgent } from "@preflow/agent-id";
 * import { createSdkBaseClient } from "@preflow/core";
 *
 * const { isVerified, verificationStrength } = await verifyAgent(createSdkBaseClient(), { agentId: 5n });
 * ```
 */
export async function verifyAgent(
  client: SdkBaseClient,
  parameters: VerifyAgentParameters,
): Promise<AgentVerification> {
  const { agentId } = rejectUnknownKeys(parameters, "parameters", ["agentId"]);
  assertNode("verifyAgent");
  const id = parseAgentIdArgument(agentId);
  return client.track("agentId.verifyAgent", undefined, async () => {
    const request = { method: "GET", path: `/api/agent/verify/${CHAIN_ID}/${id}` } as const;
    const response = await apiRequest(client.config.agentId.apiBase, request);
    const body = expectOk(request, response);
    const read = responseFields(request.path, response, body);
    read.chainId();
    if (read.agentId("agentId") !== id) read.fail("agentId", `must be the requested agent id ${id}`);
    const strength = body.verificationStrength;
    return {
      agentId: id,
      isVerified: read.boolean("isVerified"),
      verificationStrength: typeof strength === "number" && Number.isFinite(strength) ? strength : undefined,
      raw: Object.freeze({ ...body }),
    };
  });
}
