import { ChainMismatchError, checkChainId } from "@preflow/core";
import { summarizeError } from "@preflow/errors";
import { getAddress, type Hex } from "viem";
import { SIMPLE_7702_ACCOUNT_ADDRESS } from "../constants.js";
import { DelegationConflictError } from "../errors/DelegationConflictError.js";
import { ServiceResponseError, ServiceUnreachableError } from "../errors/ServiceUnreachableError.js";
import type { CompletedSteps } from "../errors/SponsorshipUnauthorizedError.js";
import type { AAContext } from "./context.js";

/** The EIP-7702 delegation designator prefix: an EOA's code is `0xef0100 ‖ delegate`. @internal */
export const DELEGATION_PREFIX = "0xef0100";

/**
 * What an EOA's code says about its EIP-7702 delegation: none (`0x`), the simple 7702 account, or anything
 * else (another delegate, or code that is no designator). @internal
 */
export function readDelegation(code: Hex): "none" | "simple-7702" | { delegate: `0x${string}` | null } {
  const lower = code.toLowerCase();
  if (lower === "0x") return "none";
  if (lower === `${DELEGATION_PREFIX}${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`)
    return "simple-7702";
  if (lower.startsWith(DELEGATION_PREFIX) && lower.length === 2 + 6 + 40) {
    return { delegate: getAddress(`0x${lower.slice(8)}`) };
  }
  return { delegate: null };
}

/**
 * Makes sure the RPC serves chain 42220 and learns whether the account is deployed, in at most one HTTP
 * request (`eth_chainId` and `eth_getCode` in one JSON-RPC batch), and none once both facts are known: a
 * chain id never changes and a deployed account stays deployed. For `simple-7702` the same batch reads the
 * EOA's transaction count (the nonce its EIP-7702 authorization must carry) while it is not delegated yet;
 * a delegation to anything other than the simple 7702 account throws {@link DelegationConflictError}
 * (never replaced silently). @internal
 */
export async function readAccountState(
  ctx: AAContext,
  completed?: CompletedSteps | undefined,
): Promise<{ deployed: boolean; authorizationNonce?: number | undefined }> {
  const { state } = ctx;
  if (state.chainVerified && state.deployed) return { deployed: true };
  const is7702 = ctx.kind === "simple-7702";
  const method = [
    ...(state.chainVerified ? [] : ["eth_chainId"]),
    "eth_getCode",
    ...(is7702 ? ["eth_getTransactionCount"] : []),
  ].join(" + ");
  try {
    const [chainId, code, transactionCount] = await Promise.all([
      state.chainVerified ? Promise.resolve(undefined) : ctx.publicClient.request({ method: "eth_chainId" }),
      ctx.publicClient.request({ method: "eth_getCode", params: [ctx.smartAccountAddress, "latest"] }),
      is7702
        ? ctx.publicClient.request({
            method: "eth_getTransactionCount",
            params: [ctx.smartAccountAddress, "latest"],
          })
        : Promise.resolve(undefined),
    ]);
    if (chainId !== undefined) {
      checkChainId(
        chainId,
        ctx.redactedRpcUrl,
        (reason) =>
          new ServiceResponseError({
            service: "rpc",
            url: ctx.redactedRpcUrl,
            method: "eth_chainId",
            reason,
            completed,
          }),
      );
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
    if (is7702) {
      const delegation = readDelegation(code as Hex);
      if (typeof delegation === "object") {
        throw new DelegationConflictError({
          account: ctx.smartAccountAddress,
          delegate: delegation.delegate,
          expected: SIMPLE_7702_ACCOUNT_ADDRESS,
          completed,
        });
      }
      if (delegation === "simple-7702") {
        state.deployed = true;
        return { deployed: true };
      }
      const nonce = Number(transactionCount);
      if (typeof transactionCount !== "string" || !Number.isSafeInteger(nonce) || nonce < 0) {
        throw new ServiceResponseError({
          service: "rpc",
          url: ctx.redactedRpcUrl,
          method: "eth_getTransactionCount",
          reason: "the answer is not a transaction count",
          completed,
        });
      }
      return { deployed: false, authorizationNonce: nonce };
    }
    if (code !== "0x") state.deployed = true;
    return { deployed: state.deployed };
  } catch (error) {
    if (
      error instanceof ChainMismatchError ||
      error instanceof ServiceResponseError ||
      error instanceof DelegationConflictError
    )
      throw error;
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
