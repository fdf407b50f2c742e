import { summarizeError } from "@preflow/core";
import type { Hex } from "viem";
import type { RpcUserOperation } from "viem/account-abstraction";
import type { AAContext } from "./context.js";
import { findUserOperationOnChain } from "./findUserOperationOnChain.js";

/** First pause between receipt polls; it grows to {@link MAX_POLL_MS} (and doubles after an error). @internal */
export const FIRST_POLL_MS = 250;
/** Longest pause between receipt polls. @internal */
export const MAX_POLL_MS = 2_000;
/** The longest any one request of the wait may take. @internal */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The chain is asked at most this often while no receipt has come (bundler failing or answering `null`). @internal */
export const CHAIN_CHECK_MS = 2_000;
/**
 * How long the bundler alone is given after the send before the chain is asked too (unless the bundler fails
 * first): a healthy bundler answers the receipt well within it, so the normal path costs no chain request.
 * @internal
 */
export const CHAIN_FIRST_CHECK_MS = 3_000;

/** How a sent UserOperation ended, as far as can be known by the deadline. @internal */
export type AwaitedUserOperation =
  | { status: "success" | "reverted"; transactionHash: Hex | undefined; reason: string | undefined }
  | { status: "pending"; reason: string };

/** @internal */
export interface AwaitUserOperationParameters {
  userOpHash: Hex;
  sender: `0x${string}`;
  nonce: bigint;
  /** The signed UserOperation as sent, for one identical re-send when the bundler does not know it. */
  rpcUserOperation: RpcUserOperation<"0.7"> | RpcUserOperation<"0.8">;
  /** The send's answer was lost: ask the bundler whether it knows the UserOperation, re-send it once if not. */
  confirmSent: boolean;
  /** `Date.now()` value after which the wait gives up with `pending`. */
  deadline: number;
  signal?: AbortSignal | undefined;
}

/** A signal that fires on the caller's abort or after `ms`. @internal */
export function boundedSignal(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(Math.max(1, Math.floor(ms)));
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** `null` (no receipt yet) or the receipt's outcome; throws on a malformed answer. */
function parseReceipt(value: unknown): AwaitedUserOperation | null {
  if (value === null || value === undefined) return null;
  const receipt = value as { success?: unknown; reason?: unknown; receipt?: { transactionHash?: unknown } };
  const transactionHash = receipt.receipt?.transactionHash;
  if (
    typeof receipt.success !== "boolean" ||
    typeof transactionHash !== "string" ||
    !HASH.test(transactionHash)
  ) {
    throw new Error("eth_getUserOperationReceipt answered a malformed receipt");
  }
  return {
    status: receipt.success ? "success" : "reverted",
    transactionHash: transactionHash.toLowerCase() as Hex,
    reason: typeof receipt.reason === "string" ? receipt.reason : undefined,
  };
}

/**
 * Waits for the outcome of a UserOperation that was (or may have been) sent, until `deadline`: polls
 * `eth_getUserOperationReceipt` (no transport retries; pauses from 250 ms growing to 2 s, doubled after an
 * error), so a burst of errors only slows the polling down. When the send's answer was lost it first asks
 * `eth_getUserOperationByHash` and, if the bundler does not know the UserOperation, re-sends the identical
 * signed operation once (same hash and nonce: it can land at most once). The chain itself is asked
 * ({@link findUserOperationOnChain}: EntryPoint nonce and `UserOperationEvent`) interleaved with the polls,
 * not only at the end: every {@link CHAIN_CHECK_MS} once the bundler has failed or once
 * {@link CHAIN_FIRST_CHECK_MS} passed without a receipt, and once more at the deadline. So an operation that
 * landed while the bundler's receipt method fails or answers `null` is reported within about
 * {@link CHAIN_CHECK_MS} plus one request of landing, not at the deadline. Never throws: unknown at the
 * deadline or on abort is `pending`. @internal
 */
export async function awaitUserOperation(
  ctx: AAContext,
  parameters: AwaitUserOperationParameters,
): Promise<AwaitedUserOperation> {
  const { userOpHash, deadline, signal } = parameters;
  let confirm = parameters.confirmSent;
  let pause = FIRST_POLL_MS;
  let lastError: string | undefined;
  // The first chain look comes CHAIN_FIRST_CHECK_MS after the start, or at once after a bundler error.
  const started = Date.now();
  let lastChainCheck = started + CHAIN_FIRST_CHECK_MS - CHAIN_CHECK_MS;

  const bundler = async (method: string, params: unknown[]): Promise<unknown> =>
    ctx.bundlerRequest(
      { method, params } as never,
      {
        retryCount: 0,
        dedupe: false,
        signal: boundedSignal(signal, Math.min(REQUEST_TIMEOUT_MS, deadline - Date.now())),
      } as never,
    );

  const askChain = async (): Promise<AwaitedUserOperation | undefined> => {
    lastChainCheck = Date.now();
    try {
      const found = await findUserOperationOnChain(ctx, {
        sender: parameters.sender,
        nonce: parameters.nonce,
        userOpHash,
        signal: boundedSignal(signal, Math.min(REQUEST_TIMEOUT_MS, Math.max(1_000, deadline - Date.now()))),
        entryPointAddress: ctx.entryPoint.address,
      });
      if (!found.included) return undefined;
      if (found.success === undefined) {
        lastError =
          "the chain shows the UserOperation's nonce used, but its UserOperationEvent was not found";
        return undefined;
      }
      return {
        status: found.success ? "success" : "reverted",
        transactionHash: found.transactionHash,
        reason: undefined,
      };
    } catch (error) {
      lastError = `the chain RPC failed too (${summarizeError(error, ctx.secrets).reason})`;
      return undefined;
    }
  };

  while (!signal?.aborted && Date.now() < deadline) {
    try {
      const outcome = parseReceipt(await bundler("eth_getUserOperationReceipt", [userOpHash]));
      if (outcome) return outcome;
      if (confirm) {
        const known = await bundler("eth_getUserOperationByHash", [userOpHash]);
        confirm = false;
        if (known === null || known === undefined) {
          try {
            await bundler("eth_sendUserOperation", [parameters.rpcUserOperation, ctx.entryPoint.address]);
          } catch {
            // Already known, lost again, or refused because the first one is in: keep polling.
          }
        }
      }
      pause = Math.min(MAX_POLL_MS, Math.round(pause * 1.5));
    } catch (error) {
      lastError = summarizeError(error, ctx.secrets).reason;
      pause = Math.min(MAX_POLL_MS, pause * 2);
      lastChainCheck = Math.min(lastChainCheck, Date.now() - CHAIN_CHECK_MS);
    }
    // No receipt yet (null or an error): look at the chain too, interleaved with the polls.
    if (!signal?.aborted && Date.now() - lastChainCheck >= CHAIN_CHECK_MS) {
      const onChain = await askChain();
      if (onChain) return onChain;
    }
    await sleep(Math.max(0, Math.min(pause, deadline - Date.now())), signal);
  }
  if (signal?.aborted) return { status: "pending", reason: "the wait was aborted" };
  const onChain = await askChain();
  if (onChain) return onChain;
  return {
    status: "pending",
    reason: `no receipt by the deadline${lastError ? ` (last error: ${lastError})` : ""}`,
  };
}
