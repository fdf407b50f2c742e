import type { ErrorSummary } from "@preflow/attribution";
import { summarizeError } from "../../errors/redact.js";

/** Waits `ms`, or less when `signal` fires. @internal */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
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

/** Races `promise` against a time-out (the request itself runs on; its answer is dropped). @internal */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * How a wallet request failed: `refused` (the wallet answered with a JSON-RPC error: it did not send),
 * `not-delivered` (the connection was refused: nothing left), or `unknown` (a lost answer: it may have been
 * sent). @internal
 */
export function classifyWalletFailure(error: unknown): {
  kind: "refused" | "not-delivered" | "unknown";
  facts: ErrorSummary;
} {
  const facts = summarizeError(error);
  if (facts.connectionRefused) return { kind: "not-delivered", facts };
  const answered = facts.rpcCode !== undefined && (facts.status === undefined || facts.status < 500);
  if (answered && facts.rpcCode !== -32603) return { kind: "refused", facts };
  return { kind: "unknown", facts };
}
