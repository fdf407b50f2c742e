// The requests and waits executePreparedFlow is made of: one JSON-RPC request without the transport's retries,
// the bounds on every wait, a lookup of a transaction by hash, and the one-line redacted reason of a failure.
import { RequestAbortedError, withTimeout } from "@preflow/errors";
import type { Chain, Client, Hash, Transport } from "viem";
import { summarizeError } from "../../../errors/redact.js";
import { decodeRevertReason } from "../decodeRevertReason.js";

/** The client every part of the execution takes. @internal */
export type AnyClient = Client<Transport, Chain | undefined>;

/** Default receipt wait per step: with the reads and the send, a tool call answers within 60 s. @internal */
export const DEFAULT_RECEIPT_TIMEOUT_MS = 45_000;
/** The longest receipt wait a caller may ask for. @internal */
export const MAX_RECEIPT_TIMEOUT_MS = 600_000;
/**
 * Bound on each request phase before a step is sent (chain and nonce read, filling, one send attempt, a
 * lookup). @internal
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Whether `error` is the caller's `signal` ending a wait: a {@link RequestAbortedError} while `signal` has aborted
 * (whatever its reason: `AbortSignal.timeout(…)` aborts with a `TimeoutError`), not one of our own bounds running
 * out. @internal
 */
export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return error instanceof RequestAbortedError && signal?.aborted === true;
}

/** One JSON-RPC request, without the transport's own retries (this action decides what to do on failure). @internal */
export function rawRequest(client: AnyClient, method: string, params: unknown[]): Promise<unknown> {
  return (
    client.request as (
      args: { method: string; params: unknown[] },
      options: { retryCount: number; dedupe: boolean },
    ) => Promise<unknown>
  )({ method, params }, { retryCount: 0, dedupe: false });
}

/**
 * Whether the node knows the transaction (pending or mined): `true`, `false`, or `undefined` when it cannot
 * tell. @internal
 */
export async function isKnown(
  client: AnyClient,
  hash: Hash,
  bound = REQUEST_TIMEOUT_MS,
): Promise<boolean | undefined> {
  try {
    const found = await withTimeout(
      rawRequest(client, "eth_getTransactionByHash", [hash]),
      bound,
      undefined,
      "eth_getTransactionByHash",
    );
    if (found === null || found === undefined) return false;
    const got = (found as { hash?: unknown }).hash;
    return typeof got === "string" && got.toLowerCase() === hash.toLowerCase() ? true : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A failure in one line, redacted (the shared summariser) and cut to 300 characters; revert data is decoded
 * (`InsufficientAllowance(...) [ERC-20]`, not a selector). @internal
 */
export function describeFailure(error: unknown, rpcUrl: string | undefined): string {
  const summary = summarizeError(error, [rpcUrl]);
  const text =
    summary.revertData !== undefined && summary.revertData !== "0x"
      ? `execution reverted: ${decodeRevertReason(summary.revertData).message}`
      : summary.reason;
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
