import type {
  ChainMismatchError,
  InvalidAddressError,
  RpcError,
  RpcRateLimitedError,
  SdkBaseClient,
} from "@preflow/core";
import { parseAddress, toRpcError } from "@preflow/core";
import { type InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { decodeFunctionResult, encodeFunctionData, type Hex, pad } from "viem";
import { AGENT_REGISTRY_ADDRESS, agentRegistryAbi } from "../constants.js";
import {
  type AgentIdUnavailableInBrowserError,
  AgentRegistryNotDeployedError,
} from "../errors/AgentIdError.js";
import { assertNode } from "../internal/runtime.js";

/**
 * Parameters of {@link isVerifiedAgent}.
 *
 * @example
 * ```ts
 * import type { IsVerifiedAgentParameters } from "@preflow/agent-id";
 * const parameters: IsVerifiedAgentParameters = { address: "0x1111111111111111111111111111111111111111" };
 * ```
 */
export interface IsVerifiedAgentParameters {
  /** The agent's address. */
  address: string;
}

/**
 * The errors {@link isVerifiedAgent} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `address` is not an address.
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one), before any I/O.
 * - {@link ChainMismatchError}: `rpcUrl` is not chain 42220.
 * - {@link AgentRegistryNotDeployedError}: there is no contract at the registry address on this chain (a devnet or an old fork).
 * - {@link RpcError}: the endpoint failed or the registry answered garbage (URL redacted).
 * - {@link RpcRateLimitedError}: the endpoint asked to wait longer than `maxRetryAfterMs`.
 * - {@link AgentIdUnavailableInBrowserError}: outside Node.
 *
 * @example
 * ```ts
 * import type { IsVerifiedAgentErrorType } from "@preflow/agent-id";
 * ```
 */
export type IsVerifiedAgentErrorType =
  | AgentIdUnavailableInBrowserError
  | AgentRegistryNotDeployedError
  | InvalidAddressError
  | ChainMismatchError
  | InvalidArgumentError
  | RpcError
  | RpcRateLimitedError;

/**
 * Asks the on-chain agent registry (`AGENT_REGISTRY_ADDRESS` on 42220) whether `address` is a verified
 * agent: `isVerifiedAgent(agentKey)` with agentKey = the address left-padded to 32 bytes. One HTTP request
 * (one `eth_call`; on a client's first RPC use the chain check rides in the same batch); one more
 * (`eth_getCode`) only when the call answers no data, to tell a missing registry from a broken one.
 *
 * @throws {@link IsVerifiedAgentErrorType}
 *
 * @example
 * ```ts
 * import { isVerifiedAgent } from "@preflow/agent-id";
 * import { createSdkBaseClient } from "@preflow/core";
 *
 * const verified = await isVerifiedAgent(createSdkBaseClient(), { address: "0x1111111111111111111111111111111111111111" });
 * ```
 */
export async function isVerifiedAgent(
  client: SdkBaseClient,
  parameters: IsVerifiedAgentParameters,
): Promise<boolean> {
  const { address } = rejectUnknownKeys(parameters, "parameters", ["address"]);
  assertNode("isVerifiedAgent");
  const agent = parseAddress(address, "address");
  return client.track("agentId.isVerifiedAgent", agent, async () => {
    const data = encodeFunctionData({
      abi: agentRegistryAbi,
      functionName: "isVerifiedAgent",
      args: [pad(agent, { size: 32 })],
    });
    const [result] = await client.rpc.batch([
      { method: "eth_call", params: [{ to: AGENT_REGISTRY_ADDRESS, data }, "latest"] },
    ]);
    if (result === "0x") {
      // A call to an address without code succeeds with no data: say so rather than "cannot decode".
      const [code] = await client.rpc.batch([
        { method: "eth_getCode", params: [AGENT_REGISTRY_ADDRESS, "latest"] },
      ]);
      if (code === "0x")
        throw new AgentRegistryNotDeployedError({
          address: AGENT_REGISTRY_ADDRESS,
          operation: "isVerifiedAgent",
        });
    }
    try {
      return decodeFunctionResult({
        abi: agentRegistryAbi,
        functionName: "isVerifiedAgent",
        data: result as Hex,
      });
    } catch (error) {
      throw toRpcError(
        new Error(
          `the agent registry at ${AGENT_REGISTRY_ADDRESS} returned ${JSON.stringify(result)}, not a bool`,
          {
            cause: error,
          },
        ),
        { rpcUrl: client.rpc.rpcUrl, method: "eth_call" },
      );
    }
  });
}
