import { describeValue } from "./describeValue.js";
import { redactSecrets } from "./redactSecrets.js";
import { SdkError } from "./SdkError.js";

/**
 * The caller's `AbortSignal` stopped a request before its answer came (or before it was sent, when the signal
 * had already aborted). Nothing was changed on chain by a read; a request already sent may still have reached
 * the endpoint. One class for the whole SDK (attribution's, core's and the
 * tool server's reads throw it; `withAbort`, `withTimeout` and `sleep` are built on it).
 *
 * @example
 * ```ts
 * import { RequestAbortedError } from "@preflow/errors";
 * import { checkAttributionInTransaction } from "@preflow/attribution";
 *
 * try {
 *   await checkAttributionInTransaction({ request, hash, signal: AbortSignal.timeout(2_000) });
 * } catch (error) {
 *   if (error instanceof RequestAbortedError) console.error("gave up:", error.details.reason);
 * }
 * ```
 */
export class RequestAbortedError extends SdkError<"REQUEST_ABORTED", { method: string; reason: string }> {
  override readonly name: string = "RequestAbortedError";
  /**
   * The signal's reason was a `TimeoutError` (a time-out of `withTimeout`, or `AbortSignal.timeout`): the
   * wait ran out rather than the caller giving up.
   */
  readonly timedOut: boolean;

  constructor(parameters: { method: string; reason: unknown }) {
    const { method, reason } = parameters;
    const timedOut = isTimeout(reason);
    const why = redactSecrets(
      reason instanceof Error || isTimeout(reason)
        ? `${(reason as Error).name}${(reason as Error).message ? `: ${(reason as Error).message}` : ""}`
        : reason === undefined
          ? "aborted"
          : describeValue(reason, 80),
    );
    super({
      code: "REQUEST_ABORTED",
      message: timedOut
        ? `${method} got no answer in time (${why}). Call again, with a longer time-out if the endpoint is slow.`
        : `RPC request ${method} was aborted by the caller's signal (${why}). Call again with a new signal.`,
      details: { method, reason: why },
      cause: reason,
    });
    this.timedOut = timedOut;
  }
}

/** A `TimeoutError` (an `Error` or a `DOMException`, which is not an `Error` in every runtime). */
function isTimeout(reason: unknown): boolean {
  return (
    typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "TimeoutError"
  );
}
