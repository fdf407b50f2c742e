import { CHAIN_ID, ChainMismatchError } from "@preflow/core";
import { summarizeError } from "@preflow/errors";
import { ServiceResponseError, ServiceUnreachableError } from "../errors/ServiceUnreachableError.js";
import type { CompletedSteps } from "../errors/SponsorshipUnauthorizedError.js";
import type { AAContext } from "./context.js";

/**
 * Makes sure the RPC serves chain 42220 and learns whether the account is deployed, in at most one HTTP
 * request (`eth_chainId` and `eth_getCode` in one JSON-RPC batch), and none once both facts are known: a
 * chain id never changes and a deployed account stays deployed. @internal
 */
export async function readAccountState(
  ctx: AAContext,
  completed?: CompletedSteps | undefined,
): Promise<{ deployed: boolean }> {
  const { state } = ctx;
  if (state.chainVerified && state.deployed) return { deployed: true };
  const method = state.chainVerified ? "eth_getCode" : "eth_chainId + eth_getCode";
  try {
    const [chainId, code] = await Promise.all([
      state.chainVerified ? Promise.resolve(undefined) : ctx.publicClient.request({ method: "eth_chainId" }),
      ctx.publicClient.request({ method: "eth_getCode", params: [ctx.smartAccountAddress, "latest"] }),
    ]);
    if (chainId !== undefined) {
      const actual = Number(chainId);
      if (actual !== CHAIN_ID)
        throw new ChainMismatchError({ expected: CHAIN_ID, actual, rpcUrl: ctx.redactedRpcUrl });
      state.chainVerified = true;
    }
    if (typeof code !== "string" || !/^0x[0-9a-fA-F]*$/.test(code)) {
      throw new ServiceResponseError({
        service: "rpc",
        url: ctx.redactedRpcUrl,
        method: "eth_getCode",
        reason: "the answer is not hex bytecode",
        completed,
      });
    }
    if (code !== "0x") state.deployed = true;
    return { deployed: state.deployed };
  } catch (error) {
    if (error instanceof ChainMismatchError || error instanceof ServiceResponseError) throw error;
    const facts = summarizeError(error, ctx.secrets);
    if (facts.rpcCode !== undefined && !facts.unreachable) {
      throw new ServiceResponseError({
        service: "rpc",
        url: ctx.redactedRpcUrl,
        method,
        reason: facts.reason,
        rpcCode: facts.rpcCode,
        completed,
      });
    }
    throw new ServiceUnreachableError({
      service: "rpc",
      url: ctx.redactedRpcUrl,
      method,
      reason: facts.reason,
      status: facts.status,
      completed,
    });
  }
}
