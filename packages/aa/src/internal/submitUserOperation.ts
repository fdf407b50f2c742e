import { CHAIN_ID } from "@preflow/core";
import { type ErrorSummary, summarizeError } from "@preflow/errors";
import type { Hex } from "viem";
import {
  formatUserOperationRequest,
  getUserOperationHash,
  type RpcUserOperation,
} from "viem/account-abstraction";
import { SIMPLE_ACCOUNT_FACTORY_07_ADDRESS } from "../constants.js";
import { SendPreparedFlowAbortedError } from "../errors/SendPreparedFlowAbortedError.js";
import type { CompletedSteps } from "../errors/SponsorshipUnauthorizedError.js";
import { UserOperationBuildError } from "../errors/UserOperationBuildError.js";
import { readAccountState } from "./accountState.js";
import {
  type AwaitedUserOperation,
  awaitUserOperation,
  boundedSignal,
  REQUEST_TIMEOUT_MS,
} from "./awaitUserOperation.js";
import type { AAContext, SignedUserOperation } from "./context.js";
import type { StepCall } from "./findFailingStep.js";
import { isUnauthorized, sponsorFailure, throwIfServiceFailure } from "./sponsorFailure.js";

/**
 * Why a UserOperation did not succeed: refused before it could land (`EXECUTION_REVERTED`,
 * `SPONSORSHIP_REFUSED`, `USEROP_REJECTED`), landed and reverted (`USEROP_REVERTED`), or sent with its outcome
 * unknown by the deadline (`USEROP_PENDING`). @internal
 */
export type UserOperationFailureCode =
  | "EXECUTION_REVERTED"
  | "USEROP_REVERTED"
  | "SPONSORSHIP_REFUSED"
  | "USEROP_REJECTED"
  | "USEROP_PENDING";

/**
 * What is known of one UserOperation: `success` and `reverted` landed (with the bundle transaction);
 * `pending` was (or may have been) sent and its outcome is unknown; `refused` never entered the mempool
 * (sponsorship declined, simulation reverted, bundler rejected it).
 *
 * @example
 * ```ts
 * import type { UserOperationStatus } from "@preflow/aa";
 * const mayStillLand = (status: UserOperationStatus) => status === "pending";
 * ```
 */
export type UserOperationStatus = "success" | "reverted" | "pending" | "refused";

/** The outcome of one UserOperation. @internal */
export interface UserOperationOutcome {
  status: UserOperationStatus;
  /** Known as soon as the UserOperation is signed (before it is sent). */
  userOpHash: Hex | undefined;
  /** Whether it reached (or may have reached) the bundler. */
  submitted: boolean;
  transactionHash: Hex | undefined;
  failure: { code: UserOperationFailureCode; reason: string; revertData: Hex | undefined } | undefined;
  /** The EIP-7702 authorization it carried (`simple-7702`, first send): delegate and EOA nonce. */
  delegation?: { address: Hex; nonce: number } | undefined;
}

/** Marks an error thrown by the paymaster hook, so its origin survives viem's call stack. @internal */
export class SponsorHookError extends Error {
  override name = "SponsorHookError";
}

/** Options of one submission. @internal */
export interface SubmitOptions {
  completed: CompletedSteps | undefined;
  signal: AbortSignal | undefined;
  receiptTimeoutMs: number;
}

const EXECUTION_REVERTED_CODE = -32521;
const INTERNAL_ERROR_CODE = -32603;
const HASH = /^0x[0-9a-fA-F]{64}$/;

function randomNonceKey(): bigint {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  let key = 0n;
  for (const byte of bytes) key = (key << 8n) | BigInt(byte);
  return key;
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

function throwIfAborted(signal: AbortSignal | undefined, completed: CompletedSteps | undefined): void {
  if (signal?.aborted) {
    const reason = signal.reason instanceof Error ? signal.reason.name : "signal aborted";
    throw new SendPreparedFlowAbortedError({ reason, completed });
  }
}

/** Resolves `promise`, or rejects as soon as `signal` fires (the work itself is abandoned). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A refusal before anything could land. */
function refused(
  code: UserOperationFailureCode,
  facts: ErrorSummary,
  userOpHash: Hex | undefined,
): UserOperationOutcome {
  return {
    status: "refused",
    userOpHash,
    submitted: false,
    transactionHash: undefined,
    failure: {
      code,
      reason: facts.reason,
      revertData: code === "EXECUTION_REVERTED" ? facts.revertData : undefined,
    },
  };
}

/**
 * Builds, sponsors and signs one UserOperation carrying `calls`, computes its `userOpHash` (EntryPoint 0.7
 * `getUserOperationHash`) BEFORE sending it, sends it once, and waits for its outcome
 * ({@link awaitUserOperation}). From the send on nothing is thrown: a lost or malformed answer to
 * `eth_sendUserOperation` (socket closed, 5xx, time-out, `0x`) is looked up, and an unknown outcome is
 * `pending` with the hash. Before the send, failures throw typed errors (nothing was submitted) or are
 * refusals.
 *
 * HTTP requests: the account state (at most one batched RPC request, none once known) in parallel with the
 * gas price, then one `pm_sponsorUserOperation` (gas limits and paymaster data together), one
 * `eth_sendUserOperation` and the receipt polls. The nonce uses a fresh random 192-bit key (EntryPoint 0.7
 * two-dimensional nonces), whose sequence is 0, so no `getNonce` read is needed and concurrent sends never
 * collide.
 * @internal
 */
export async function submitUserOperation(
  ctx: AAContext,
  calls: readonly StepCall[],
  options: SubmitOptions,
): Promise<UserOperationOutcome> {
  const { completed, signal } = options;
  throwIfAborted(signal, completed);
  const [{ deployed, authorizationNonce }, fees] = await untilAborted(
    Promise.all([
      readAccountState(ctx, completed),
      ctx.sponsor.estimateFeesPerGas().catch((error: unknown) => {
        throw sponsorFailure(ctx.sponsor, error, { secrets: ctx.secrets, method: "gas price", completed });
      }),
    ]),
    signal,
  ).catch((error: unknown) => {
    throwIfAborted(signal, completed);
    throw error;
  });

  // Build and sponsor (pm_sponsorUserOperation through the paymaster hook), then sign locally.
  const nonce = randomNonceKey() << 64n;
  let signed: SignedUserOperation;
  try {
    // simple-7702: the EOA's first UserOperation carries its signed authorization (delegation to the simple
    // 7702 account, at the EOA's current nonce); once delegated, none.
    const authorization =
      ctx.kind === "simple-7702" && !deployed && authorizationNonce !== undefined
        ? await ctx.builder.signAuthorization(authorizationNonce)
        : undefined;
    const deployment =
      ctx.kind === "simple-7702" || deployed
        ? { parameters: ["gas", "paymaster", "signature"] }
        : { factory: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS, factoryData: ctx.factoryData };
    const prepared = await untilAborted(
      ctx.builder.prepareUserOperation({
        calls: calls.map((call) => ({ to: call.to, data: call.data, value: call.value })),
        nonce,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        ...deployment,
        ...(authorization ? { authorization } : {}),
      }),
      signal,
    );
    signed = { ...prepared, signature: await ctx.builder.signUserOperation(prepared) };
  } catch (error) {
    throwIfAborted(signal, completed);
    const fromSponsor = error instanceof SponsorHookError;
    if (!fromSponsor) {
      throw new UserOperationBuildError({ reason: summarizeError(error, ctx.secrets).reason, completed });
    }
    const facts = summarizeError(error.cause, ctx.secrets);
    throwIfServiceFailure(ctx.sponsor, facts, "sponsorship", completed);
    return refused(isRevert(facts) ? "EXECUTION_REVERTED" : "SPONSORSHIP_REFUSED", facts, undefined);
  }
  const userOpHash = getUserOperationHash({
    chainId: CHAIN_ID,
    entryPointAddress: ctx.entryPoint.address,
    entryPointVersion: ctx.entryPoint.version,
    userOperation: signed,
  });
  const rpcUserOperation = formatUserOperationRequest(signed) as RpcUserOperation<"0.7">;
  const delegation = signed.authorization
    ? { address: signed.authorization.address, nonce: signed.authorization.nonce }
    : undefined;
  throwIfAborted(signal, completed);

  // From here on the UserOperation may be in the bundler's hands: nothing is thrown, every outcome carries
  // userOpHash, and an unknown one is "pending".
  const deadline = Date.now() + options.receiptTimeoutMs;
  const sent = await sendOnce(ctx, rpcUserOperation, userOpHash, options);
  if ("refused" in sent) return sent.refused;
  const { confirmSent } = sent;

  const awaited = await awaitUserOperation(ctx, {
    userOpHash,
    sender: signed.sender,
    nonce,
    rpcUserOperation,
    confirmSent,
    deadline,
    signal,
  });
  return outcomeOf(ctx, awaited, userOpHash, delegation);
}

/**
 * Sends the signed UserOperation once (`eth_sendUserOperation`, bounded): a refusal the bundler answered is the
 * outcome; otherwise whether it must be looked up to know it was taken (a malformed or lost answer). Throws only a
 * service failure (unauthorized, connection refused), when nothing was sent.
 */
async function sendOnce(
  ctx: AAContext,
  rpcUserOperation: RpcUserOperation<"0.7">,
  userOpHash: Hex,
  options: SubmitOptions,
): Promise<{ refused: UserOperationOutcome } | { confirmSent: boolean }> {
  let confirmSent = false;
  try {
    const answer = await ctx.bundlerRequest(
      { method: "eth_sendUserOperation", params: [rpcUserOperation, ctx.entryPoint.address] } as never,
      {
        retryCount: 0,
        dedupe: false,
        signal: boundedSignal(options.signal, Math.min(REQUEST_TIMEOUT_MS, options.receiptTimeoutMs)),
      } as never,
    );
    // A malformed answer (`0x`, another hash) says nothing about what the bundler did: look it up.
    if (
      typeof answer !== "string" ||
      !HASH.test(answer) ||
      answer.toLowerCase() !== userOpHash.toLowerCase()
    ) {
      confirmSent = true;
    }
  } catch (error) {
    const facts = summarizeError(error, ctx.secrets);
    const answered = facts.rpcCode !== undefined && (facts.status === undefined || facts.status < 500);
    if (isUnauthorized(facts) && !facts.unreachable) {
      throwIfServiceFailure(ctx.sponsor, facts, "eth_sendUserOperation", options.completed);
    }
    if (facts.connectionRefused) {
      // The connection was refused: the request never left, nothing was sent.
      throwIfServiceFailure(
        ctx.sponsor,
        { ...facts, unreachable: true },
        "eth_sendUserOperation",
        options.completed,
      );
    }
    if (answered && facts.rpcCode !== INTERNAL_ERROR_CODE) {
      // The bundler answered with a refusal: it did not take the UserOperation.
      return {
        refused: refused(isRevert(facts) ? "EXECUTION_REVERTED" : "USEROP_REJECTED", facts, userOpHash),
      };
    }
    // Closed socket, 5xx, time-out, abort: it may have been taken.
    confirmSent = true;
  }
  return { confirmSent };
}

/** The outcome of a UserOperation that was sent, from what awaiting it found. */
function outcomeOf(
  ctx: AAContext,
  awaited: AwaitedUserOperation,
  userOpHash: Hex,
  delegation: UserOperationOutcome["delegation"],
): UserOperationOutcome {
  if (awaited.status === "pending") {
    return {
      status: "pending",
      userOpHash,
      delegation,
      submitted: true,
      transactionHash: undefined,
      failure: { code: "USEROP_PENDING", reason: awaited.reason, revertData: undefined },
    };
  }
  // Whatever the outcome, the account was deployed in the validation phase.
  ctx.state.deployed = true;
  if (awaited.status === "success") {
    return {
      status: "success",
      userOpHash,
      delegation,
      submitted: true,
      transactionHash: awaited.transactionHash,
      failure: undefined,
    };
  }
  const reason = awaited.reason;
  return {
    status: "reverted",
    userOpHash,
    delegation,
    submitted: true,
    transactionHash: awaited.transactionHash,
    failure: {
      code: "USEROP_REVERTED",
      reason: reason ?? "the UserOperation reverted on-chain",
      revertData: reason && /^0x(?:[0-9a-fA-F]{2})*$/.test(reason) ? (reason as Hex) : undefined,
    },
  };
}
