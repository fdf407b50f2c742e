import type { Address } from "viem";
import { CHAIN_ID } from "../chain.js";
import type { ClientContext } from "../client/context.js";
import { parseAddress } from "../validation/parseAddress.js";
import { apiRequest, expectOk } from "./http.js";
import { responseFields } from "./responseFields.js";
import { assertNode } from "./runtime.js";

/**
 * One agent in {@link AgentsForAddress}.
 *
 * @example
 * ```ts
 * const [first]: AgentSummary[] = (await client.agentId.getAgentsForAddress(human)).agents;
 * ```
 */
export interface AgentSummary {
  agentId: bigint;
  agentAddress: Address;
  isVerified: boolean;
}

/**
 * The agents registered by (or for) an address, from `GET /api/agent/agents/42220/{address}`.
 *
 * @example
 * ```ts
 * const { agents }: AgentsForAddress = await client.agentId.getAgentsForAddress(human);
 * ```
 */
export interface AgentsForAddress {
  address: Address;
  agents: AgentSummary[];
  raw: Readonly<Record<string, unknown>>;
}

/**
 * Lists the agents of an address (for example the human wallet that registered them), no auth. One HTTP
 * request. The response must carry an `agents` array whose entries have `agentId`, `agentAddress` and
 * `isVerified`.
 *
 * @example
 * ```ts
 * const { agents } = await client.agentId.getAgentsForAddress("0x1111111111111111111111111111111111111111");
 * for (const agent of agents) console.log(agent.agentId, agent.isVerified);
 * ```
 */
export async function getAgentsForAddress(ctx: ClientContext, address: string): Promise<AgentsForAddress> {
  assertNode("getAgentsForAddress");
  const owner = parseAddress(address, "address");
  return ctx.track("agentId.getAgentsForAddress", owner, async () => {
    const request = { method: "GET", path: `/api/agent/agents/${CHAIN_ID}/${owner}` } as const;
    const response = await apiRequest(ctx.config.agentId.apiBase, request);
    const body = expectOk(request, response);
    const read = responseFields(request.path, response, body);
    read.chainId();
    if (!Array.isArray(body.agents)) read.fail("agents", "must be an array");
    const agents = (body.agents as unknown[]).map((entry, index) => {
      const field = `agents[${index}]`;
      if (typeof entry !== "object" || entry === null) return read.fail(field, "must be an object");
      const item = entry as Record<string, unknown>;
      return {
        agentId: read.agentId(`${field}.agentId`, item.agentId),
        agentAddress: read.address(`${field}.agentAddress`, item.agentAddress),
        isVerified: read.boolean(`${field}.isVerified`, item.isVerified),
      };
    });
    return { address: owner, agents, raw: Object.freeze({ ...body }) };
  });
}
