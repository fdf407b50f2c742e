import { RequestAbortedError } from "./RequestAbortedError.js";

/**
 * Settles as `work` does, or rejects with {@link RequestAbortedError} (naming `method`) as soon as `signal` aborts;
 * an already-aborted signal rejects at once. The work itself is not cancelled: its answer is dropped (its failure
 * too, so nothing goes unhandled). The one abort race of the SDK (attribution's and core's reads use it).
 *
 * @param work - The pending request.
 * @param signal - Optional: the caller's signal.
 * @param method - The JSON-RPC method(s), for the error.
 * @returns `work`'s value.
 * @throws {RequestAbortedError} `signal` aborted first.
 *
 * @example
 * ```ts
 * import { withAbort } from "@preflow/errors";
 * const block = await withAbort(client.request({ method: "eth_blockNumber" }), AbortSignal.timeout(2_000), "eth_blockNumber");
 * ```
 */
export function withAbort<T>(work: Promise<T>, signal: AbortSignal | undefined, method: string): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(new RequestAbortedError({ method, reason: signal.reason }));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(new RequestAbortedError({ method, reason: signal.reason }));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
