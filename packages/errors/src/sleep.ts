import { withAbort } from "./withAbort.js";

/**
 * Waits `ms` milliseconds, or less: it resolves as soon as `signal` aborts (or at once when it already has), so
 * a polling loop checks the signal after it and stops or reports `pending` itself. Never rejects; the timer is
 * cleared either way. Built on {@link withAbort}; the one sleep of the SDK.
 *
 * @param ms - How long to wait (negative counts as 0).
 * @param signal - Optional: the caller's signal.
 *
 * @example
 * ```ts
 * import { sleep } from "@preflow/errors";
 *
 * while (Date.now() < deadline) {
 *   if (await poll()) break;
 *   await sleep(1_000, signal);
 *   signal?.throwIfAborted(); // or report `pending`
 * }
 * ```
 */
export async function sleep(ms: number, signal?: AbortSignal | undefined): Promise<void> {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<void>((resolve) => {
    handle = setTimeout(resolve, Math.max(0, ms));
  });
  try {
    await withAbort(elapsed, signal, "sleep");
  } catch {
    // the signal aborted: stop waiting (withAbort rejects with nothing else here)
  } finally {
    clearTimeout(handle);
  }
}
