/**
 * The `signal` every read and `prepare*` action takes (its `XParameters` extend this): one request, stopped by the
 * caller.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getBalance, type SignalOption } from "@preflow/core";
 * const options: SignalOption = { signal: AbortSignal.timeout(5_000) };
 * const balance = await getBalance(createSdkBaseClient(), { owner, token: "USDm", ...options });
 * ```
 */
export interface SignalOption {
  /** Stops waiting for the node: the call rejects with `RequestAbortedError` at once (checked before any I/O too). */
  signal?: AbortSignal | undefined;
}
