import { type ErrorSummary, summarizeError } from "@preflow/core";
import type { Hex } from "viem";
import { SIMPLE_ACCOUNT_FACTORY_07_ADDRESS } from "../constants.js";
import {
  ServiceResponseError,
  ServiceUnreachableError,
  UserOperationTimeoutError,
} from "../errors/ServiceUnreachableError.js";
import { type CompletedSteps, SponsorshipUnauthorizedError } from "../errors/SponsorshipUnauthorizedError.js";
import { UserOperationBuildError } from "../errors/UserOperationBuildError.js";
import type { SendPreparedFlowFailureCode } from "../sendPreparedFlow.js";
import { readAccountState } from "./accountState.js";
import type { AAContext } from "./context.js";
import type { StepCall } from "./findFailingStep.js";

/** The outcome of one UserOperation: landed (maybe reverted) or refused before landing. @internal */
export interface UserOperationOutcome {
  userOpHash: Hex | undefined;
  transactionHash: Hex | undefined;
  failure: { code: SendPreparedFlowFailureCode; reason: string; revertData: Hex | undefined } | undefined;
}

/** Marks an error thrown by the paymaster hook, so its origin survives viem's call stack. @internal */
export class SponsorHookError extends Error {
  override name = "SponsorHookError";
}

const EXECUTION_REVERTED_CODE = -32521;
const UNAUTHORIZED_CODE = -32001;

function randomNonceKey(): bigint {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  let key = 0n;
  for (const byte of bytes) key = (key << 8n) | BigInt(byte);
  return key;
}

function isUnauthorized(facts: ErrorSummary): boolean {
  return facts.status === 401 || facts.status === 403 || facts.rpcCode === UNAUTHORIZED_CODE;
}

/**
 * An execution revert (ERC-7769 code -32521), as opposed to a validation failure (`AAxx` codes, -32500 to
 * -32507), which is a refusal of the UserOperation itself.
 */
function isRevert(facts: ErrorSummary): boolean {
  if (facts.rpcCode === EXECUTION_REVERTED_CODE) return true;
  if (facts.rpcCode !== undefined && facts.rpcCode <= -32500 && facts.rpcCode >= -32520) return false;
  return (
    !/\bAA\d\d\b/.test(facts.reason) && /reverted during simulation|execution reverted/i.test(facts.reason)
  );
}

/** Throws the typed error of a sponsor-endpoint failure that is not a refusal of this UserOperation. @internal */
function throwIfServiceFailure(
  ctx: AAContext,
  facts: ErrorSummary,
  method: string,
  completed: CompletedSteps | undefined,
): void {
  const url = ctx.service.redactedEndpointUrl;
  if (isUnauthorized(facts)) {
    throw new SponsorshipUnauthorizedError({
      provider: ctx.service.provider,
      url,
      method,
      status: facts.status,
      rpcCode: facts.rpcCode,
      reason: facts.reason,
      completed,
    });
  }
  if (facts.unreachable) {
    throw new ServiceUnreachableError({
      service: "sponsor",
      url,
      method,
      reason: facts.reason,
      status: facts.status,
      completed,
    });
  }
}

/** Throws the typed error of a failed sponsor-endpoint call: unauthorized, unreachable, or a bad response. @internal */
function throwSponsorFailure(
  ctx: AAContext,
  error: unknown,
  method: string,
  completed: CompletedSteps | undefined,
): never {
  const facts = summarizeError(error, ctx.secrets);
  throwIfServiceFailure(ctx, facts, method, completed);
  throw new ServiceResponseError({
    service: "sponsor",
    url: ctx.service.redactedEndpointUrl,
    method,
    reason: facts.reason,
    rpcCode: facts.rpcCode,
    completed,
  });
}

/**
 * Builds, sponsors, signs, submits and waits for one UserOperation carrying `calls`. HTTP requests: the
 * account state (at most one batched RPC request, none once known) in parallel with the gas price, then one
 * `pm_sponsorUserOperation` (gas limits and paymaster data together), one `eth_sendUserOperation` and the
 * receipt polls. The nonce uses a fresh random 192-bit key (EntryPoint 0.7 two-dimensional nonces), whose
 * sequence is 0, so no `getNonce` read is needed and concurrent sends never collide.
 * @internal
 */
export async function submitUserOperation(
  ctx: AAContext,
  calls: readonly StepCall[],
  completed: CompletedSteps | undefined,
): Promise<UserOperationOutcome> {
  const [{ deployed }, fees] = await Promise.all([
    readAccountState(ctx),
    ctx.service
      .estimateFeesPerGas()
      .catch((error: unknown) => throwSponsorFailure(ctx, error, "gas price", completed)),
  ]);

  let userOpHash: Hex;
  try {
    userOpHash = await ctx.sender.sendUserOperation({
      calls: calls.map((call) => ({ to: call.to, data: call.data, value: call.value })),
      nonce: randomNonceKey() << 64n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      ...(deployed
        ? { parameters: ["gas", "paymaster", "signature"] }
        : { factory: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS, factoryData: ctx.factoryData }),
    });
  } catch (error) {
    const fromSponsor = error instanceof SponsorHookError;
    const facts = summarizeError(fromSponsor ? error.cause : error, ctx.secrets);
    throwIfServiceFailure(ctx, facts, fromSponsor ? "sponsorship" : "eth_sendUserOperation", completed);
    if (isRevert(facts)) {
      return {
        userOpHash: undefined,
        transactionHash: undefined,
        failure: { code: "EXECUTION_REVERTED", reason: facts.reason, revertData: facts.revertData },
      };
    }
    if (!fromSponsor && facts.rpcCode === undefined) {
      throw new UserOperationBuildError({ reason: facts.reason, completed });
    }
    return {
      userOpHash: undefined,
      transactionHash: undefined,
      failure: {
        code: fromSponsor ? "SPONSORSHIP_REFUSED" : "USEROP_REJECTED",
        reason: facts.reason,
        revertData: undefined,
      },
    };
  }

  let receipt: Awaited<ReturnType<AAContext["sender"]["waitForUserOperationReceipt"]>>;
  try {
    receipt = await ctx.sender.waitForUserOperationReceipt({
      hash: userOpHash,
      timeout: ctx.receiptTimeoutMs,
    });
  } catch (error) {
    const landed: CompletedSteps = {
      userOpHashes: [...(completed?.userOpHashes ?? []), userOpHash],
      transactionHashes: completed?.transactionHashes ?? [],
    };
    if ((error as { name?: unknown }).name === "WaitForUserOperationReceiptTimeoutError") {
      throw new UserOperationTimeoutError({ userOpHash, timeoutMs: ctx.receiptTimeoutMs, completed: landed });
    }
    throwSponsorFailure(ctx, error, "eth_getUserOperationReceipt", landed);
  }
  // Whatever the outcome, the account was deployed in the validation phase.
  ctx.state.deployed = true;
  const transactionHash = receipt.receipt.transactionHash;
  if (receipt.success) return { userOpHash, transactionHash, failure: undefined };
  const reason = typeof receipt.reason === "string" ? receipt.reason : undefined;
  return {
    userOpHash,
    transactionHash,
    failure: {
      code: "USEROP_REVERTED",
      reason: reason ?? "the UserOperation reverted on-chain",
      revertData: reason && /^0x(?:[0-9a-fA-F]{2})*$/.test(reason) ? (reason as Hex) : undefined,
    },
  };
}
