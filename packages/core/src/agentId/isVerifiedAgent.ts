import { decodeFunctionResult, encodeFunctionData, type Hex, pad } from "viem";
import type { ClientContext } from "../client/context.js";
import { toRpcError } from "../rpc/toRpcError.js";
import { parseAddress } from "../validation/parseAddress.js";
import { AGENT_REGISTRY_ADDRESS, agentRegistryAbi } from "./constants.js";
import { assertNode } from "./runtime.js";

/**
 * Asks the on-chain agent registry (`AGENT_REGISTRY_ADDRESS` on 42220) whether `address` is a verified
 * agent: `isVerifiedAgent(agentKey)` with agentKey = the address left-padded to 32 bytes. One HTTP request
 * (one `eth_call`; on a client's first RPC use the chain check rides in the same batch).
 *
 * @example
 * ```ts
 * if (await client.agentId.isVerifiedAgent("0x1111111111111111111111111111111111111111")) console.log("verified");
 * ```
 */
export async function isVerifiedAgent(ctx: ClientContext, address: string): Promise<boolean> {
  assertNode("isVerifiedAgent");
  const agent = parseAddress(address, "address");
  return ctx.track("agentId.isVerifiedAgent", agent, async () => {
    const data = encodeFunctionData({
      abi: agentRegistryAbi,
      functionName: "isVerifiedAgent",
      args: [pad(agent, { size: 32 })],
    });
    const [result] = await ctx.rpc.batch([
      { method: "eth_call", params: [{ to: AGENT_REGISTRY_ADDRESS, data }, "latest"] },
    ]);
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
        ctx.rpc.rpcUrl,
        "eth_call",
      );
    }
  });
}
