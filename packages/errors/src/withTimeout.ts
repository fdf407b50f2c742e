import { withAbort } from "./withAbort.js";

/**
 * Settles as `work` does, or rejects with {@link RequestAbortedError} (`timedOut: true`, naming `method`) when
 * `ms` pass first, or (`timedOut: false`) when the caller's `signal` aborts first. Built on {@link withAbort}: the
 * work itself is not cancelled, its late answer is dropped; the timer is cleared as soon as the race is over.
 * The one bounded wait of the SDK.
 *
 * @param work - The pending request.
 * @param ms - The bound, in milliseconds.
 * @param signal - Optional: the caller's signal.
 * @param method - What is waited for (the JSON-RPC method), for the error.
 * @returns `work`'s value.
 * @throws {@link RequestAbortedError} when the bound or the signal came first.
 *
 * @example
 * ```ts
 * import { RequestAbortedError, withTimeout } from "@preflow/errors";
 *
 * try {
 *   const request = client.request({ method: "eth_getTransactionReceipt", params: [hash] });
 *   const receipt = await withTimeout(request, 5_000, signal, "eth_getTransactionReceipt");
 * } catch (error) {
 *   if (error instanceof RequestAbortedError && error.timedOut) console.log("still pending");
 * }
 * ```
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  signal: AbortSignal | undefined,
  method: string,
): Promise<T> {
  if (signal?.aborted) return withAbort(work, signal, method);
  const timer = new AbortController();
  const handle = setTimeout(
    () => timer.abort(new DOMException(`no answer within ${ms} ms`, "TimeoutError")),
    Math.max(0, ms),
  );
  const either = signal === undefined ? timer.signal : AbortSignal.any([signal, timer.signal]);
  return withAbort(work, either, method).finally(() => clearTimeout(handle));
}
