import type { InvalidAddressError, SdkBaseClient } from "@preflow/core";
import { CHAIN_ID, parseAddress } from "@preflow/core";
import { type InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import type {
  AgentIdHttpError,
  AgentIdInvalidResponseError,
  AgentIdUnavailableInBrowserError,
} from "../errors/AgentIdError.js";
import { apiRequest, expectOk } from "../internal/http.js";
import { responseFields } from "../internal/responseFields.js";
import { assertNode } from "../internal/runtime.js";

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
 * Parameters of {@link getAgentsForAddress}.
 *
 * @example
 * ```ts
 * import type { GetAgentsForAddressParameters } from "@preflow/agent-id";
 * const parameters: GetAgentsForAddressParameters = { address: "0x1111111111111111111111111111111111111111" };
 * ```
 */
export interface GetAgentsForAddressParameters {
  /** The human (or agent) address whose agents are listed. */
  address: string;
}

/**
 * The errors {@link getAgentsForAddress} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `address` is not an address.
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one), before any I/O.
 * - {@link AgentIdHttpError}: the API answered 4xx/5xx (`status`) or was unreachable.
 * - {@link AgentIdInvalidResponseError}: a 2xx body without the documented shape.
 * - {@link AgentIdUnavailableInBrowserError}: outside Node.
 *
 * @example
 * ```ts
 * import type { GetAgentsForAddressErrorType } from "@preflow/agent-id";
 * ```
 */
export type GetAgentsForAddressErrorType =
  | AgentIdHttpError
  | AgentIdInvalidResponseError
  | AgentIdUnavailableInBrowserError
  | InvalidAddressError
  | InvalidArgumentError;

/**
 * Lists the agents of an address (for example the human wallet that registered them), no auth. One HTTP
 * request. The response must carry an `agents` array whose entries have `agentId`, `agentAddress` and
 * `isVerified`.
 *
 * @throws {@link GetAgentsForAddressErrorType}
 *
 * @example
 * ```ts
 * import { getAgentsForAddress } from "@preflow/agent-id";
 * import { createSdkBaseClient } from "@preflow/core";
 *
 * const { agents } = await getAgentsForAddress(createSdkBaseClient(), {
 *   address: "0x1111111111111111111111111111111111111111",
 * });
 * for (const agent of agents) console.log(agent.agentId, agent.isVerified);
 * ```
 */
export async function getAgentsForAddress(
  client: SdkBaseClient,
  parameters: GetAgentsForAddressParameters,
): Promise<AgentsForAddress> {
  const { address } = rejectUnknownKeys(parameters, "parameters", ["address"]);
  assertNode("getAgentsForAddress");
  const owner = parseAddress(address, "address");
  return client.track("agentId.getAgentsForAddress", owner, async () => {
    const request = { method: "GET", path: `/api/agent/agents/${CHAIN_ID}/${owner}` } as const;
    const response = await apiRequest(client.config.agentId.apiBase, request);
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
