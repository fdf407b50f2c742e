import { CHAIN_ID } from "../chain.js";
import type { ClientContext } from "../client/context.js";
import { apiRequest, expectOk } from "./http.js";
import { parseAgentIdArgument } from "./parseAgentIdArgument.js";
import { responseFields } from "./responseFields.js";
import { assertNode } from "./runtime.js";

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
 * Asks the agent-identity API whether an agent id has a human proof, no auth. One HTTP request. For a
 * trust decision about an address prefer the on-chain `isVerifiedAgent`.
 *
 * @example
 * ```ts
 * const { isVerified, verificationStrength } = await client.agentId.verifyAgent(5n);
 * ```
 */
export async function verifyAgent(
  ctx: ClientContext,
  agentId: bigint | number | string,
): Promise<AgentVerification> {
  assertNode("verifyAgent");
  const id = parseAgentIdArgument(agentId);
  return ctx.track("agentId.verifyAgent", undefined, async () => {
    const request = { method: "GET", path: `/api/agent/verify/${CHAIN_ID}/${id}` } as const;
    const response = await apiRequest(ctx.config.agentId.apiBase, request);
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
