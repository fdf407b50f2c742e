import { InvalidArgumentError } from "../../errors/argument.js";

/** Checks that `signal` is absent or an AbortSignal. @internal */
export function parseSignal(signal: unknown): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  if (
    typeof signal !== "object" ||
    signal === null ||
    typeof (signal as AbortSignal).aborted !== "boolean" ||
    typeof (signal as AbortSignal).addEventListener !== "function"
  ) {
    throw new InvalidArgumentError({ field: "signal", value: typeof signal, rule: "must be an AbortSignal" });
  }
  return signal as AbortSignal;
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as it aborts (a read only: the request may
 * still complete, its answer is dropped). Rejects at once when the signal has already aborted. @internal
 */
export function abortable<T>(run: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return run();
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    run().then(
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
