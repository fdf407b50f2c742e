import { describeValue } from "../describeValue.js";
import { redactSecrets } from "../redactSecrets.js";
import { AttributionError } from "./AttributionError.js";

/**
 * The caller's `AbortSignal` stopped a request before its answer came (or before it was sent, when the signal
 * had already aborted). Nothing was changed on chain by a read; a request already sent may still have reached
 * the endpoint. One class for the whole SDK: `@preflow/core` throws and re-exports this one.
 *
 * @example
 * ```ts
 * import { RequestAbortedError, checkAttributionInTransaction } from "@preflow/attribution";
 *
 * try {
 *   await checkAttributionInTransaction({ request, hash, signal: AbortSignal.timeout(2_000) });
 * } catch (error) {
 *   if (error instanceof RequestAbortedError) console.error("gave up:", error.details.reason);
 * }
 * ```
 */
export class RequestAbortedError extends AttributionError<{ method: string; reason: string }> {
  override readonly name: string = "RequestAbortedError";

  constructor(parameters: { method: string; reason: unknown }) {
    const { method, reason } = parameters;
    const why = redactSecrets(
      reason instanceof Error
        ? `${reason.name}${reason.message ? `: ${reason.message}` : ""}`
        : reason === undefined
          ? "aborted"
          : describeValue(reason, 80),
    );
    super({
      code: "REQUEST_ABORTED",
      message: `RPC request ${method} was aborted by the caller's signal (${why}). Call again with a new signal.`,
      details: { method, reason: why },
      cause: reason,
    });
  }
}
