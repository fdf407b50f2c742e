import { withAbort } from "./withAbort.js";

/**
 * Settles as `work` does, or rejects with {@link RequestAbortedError} (`timedOut: true`, naming `method`) when
 * `ms` pass first, or (`timedOut: false`) when the caller's `signal` aborts first. Built on {@link withAbort}: the
 * work itself is not cancelled, its late answer is dropped; the timer is cleared as soon as the race is over.
 * The one bounded wait of the SDK.
 *
 * @param work - The pending request.
 * @param parameters - `ms`: the bound in milliseconds; `method`: what is waited for, for the error; `signal`:
 *   optional, the caller's signal.
 * @returns `work`'s value.
 * @throws {@link RequestAbortedError} when the bound or the signal came first.
 *
 * @example
 * ```ts
 * import { RequestAbortedError, withTimeout } from "@preflow/errors";
 *
 * try {
 *   const receipt = await withTimeout(client.request({ method: "eth_getTransactionReceipt", params: [hash] }), {
 *     ms: 5_000,
 *     method: "eth_getTransactionReceipt",
 *     signal,
 *   });
 * } catch (error) {
 *   if (error instanceof RequestAbortedError && error.timedOut) console.log("still pending");
 * }
 * ```
 */
export function withTimeout<T>(
  work: Promise<T>,
  parameters: { ms: number; method: string; signal?: AbortSignal | undefined },
): Promise<T> {
  const { ms, method, signal } = parameters;
  if (signal?.aborted) return withAbort(work, signal, method);
  const timer = new AbortController();
  const handle = setTimeout(
    () => timer.abort(new DOMException(`no answer within ${ms} ms`, "TimeoutError")),
    Math.max(0, ms),
  );
  const either = signal === undefined ? timer.signal : AbortSignal.any([signal, timer.signal]);
  return withAbort(work, either, method).finally(() => clearTimeout(handle));
}
