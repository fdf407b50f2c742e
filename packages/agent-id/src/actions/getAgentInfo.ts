import type { SdkBaseClient } from "@preflow/core";
import { CHAIN_ID } from "@preflow/core";
import type { InvalidArgumentError } from "@preflow/errors";
import { rejectUnknownKeys } from "@preflow/errors";
import type { Address, Hex } from "viem";
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
 * What `GET /api/agent/info/42220/{agentId}` says about an agent. The four typed fields are validated;
 * `raw` is the whole response body, unvalidated (provider, strength, credentials...).
 *
 * @example
 * ```ts
 * const info: AgentInfo = await client.agentId.getAgentInfo(5n);
 * if (info.isVerified) console.log(info.agentAddress);
 * ```
 */
export interface AgentInfo {
  agentId: bigint;
  agentAddress: Address;
  /** The registry key (the address left-padded to 32 bytes), when the service sends it. */
  agentKey: Hex | undefined;
  isVerified: boolean;
  raw: Readonly<Record<string, unknown>>;
}

/**
 * Parameters of {@link getAgentInfo}.
 *
 * @example
 * ```ts
 * import type { GetAgentInfoParameters } from "@preflow/agent-id";
 * const parameters: GetAgentInfoParameters = { agentId: 5n };
 * ```
 */
export interface GetAgentInfoParameters {
  /** The agent id (a non-negative integer, as a bigint, number or decimal string). */
  agentId: bigint | number | string;
}

/**
 * The errors {@link getAgentInfo} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link AgentIdHttpError}: the API answered 4xx/5xx (`status`) or was unreachable.
 * - {@link AgentIdInvalidResponseError}: a 2xx body without the documented shape.
 * - {@link InvalidArgumentError}: `agentId` is not a non-negative integer.
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one), before any I/O.
 * - {@link AgentIdUnavailableInBrowserError}: outside Node.
 *
 * @example
 * ```ts
 * import type { GetAgentInfoErrorType } from "@preflow/agent-id";
 * ```
 */
export type GetAgentInfoErrorType =
  | AgentIdHttpError
  | AgentIdInvalidResponseError
  | AgentIdUnavailableInBrowserError
  | InvalidArgumentError;

/**
 * Reads an agent's public record from the agent-identity API (`agentIdApiBase`), no auth. One HTTP request.
 * Throws `AgentIdHttpError` (e.g. status 404) or `AgentIdInvalidResponseError`.
 *
 * @throws {@link GetAgentInfoErrorType}
 *
 * @example
 * ```ts
 * import { getAgentInfo } from "@preflow/agent-id";
 * import { createSdkBaseClient } from "@preflow/core";
 *
 * const info = await getAgentInfo(createSdkBaseClient(), { agentId: 5n });
 * console.log(info.agentAddress, info.isVerified);
 * ```
 */
export async function getAgentInfo(
  client: SdkBaseClient,
  parameters: GetAgentInfoParameters,
): Promise<AgentInfo> {
  const { agentId } = rejectUnknownKeys(parameters, "parameters", ["agentId"]);
  assertNode("getAgentInfo");
  const id = parseAgentIdArgument(agentId);
  return client.track("agentId.getAgentInfo", undefined, async () => {
    const request = { method: "GET", path: `/api/agent/info/${CHAIN_ID}/${id}` } as const;
    const response = await apiRequest(client.config.agentId.apiBase, request);
    const body = expectOk(request, response);
    const read = responseFields(request.path, response, body);
    read.chainId();
    if (read.agentId("agentId") !== id) read.fail("agentId", `must be the requested agent id ${id}`);
    const agentKey = body.agentKey;
    if (agentKey !== undefined && (typeof agentKey !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(agentKey))) {
      read.fail("agentKey", "must be 0x + 64 hex digits when present");
    }
    return {
      agentId: id,
      agentAddress: read.address("agentAddress"),
      agentKey: agentKey as Hex | undefined,
      isVerified: read.boolean("isVerified"),
      raw: Object.freeze({ ...body }),
    };
  });
}
