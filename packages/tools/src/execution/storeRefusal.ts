// The refusal when the store cannot take a signed step's write-ahead record: the step is not broadcast (core's
// `beforeBroadcast` vetoes it), so the call refuses with the store's typed error and what to do.
import { StoreUnavailableError } from "../errors/store.js";

/** What went wrong with the write, and the step it held back. @internal */
export interface StoreRefusalParameters {
  /** What the write rejected with (the store's StoreUnavailableError, or anything else). */
  error: unknown;
  /** The store's file or database (used when the error does not name it). */
  location: string;
  tool: string;
  index: number;
  total: number;
  hash: string;
}

/**
 * The StoreUnavailableError (`STORE_UNAVAILABLE`) of a step signed but not broadcast because its write-ahead record
 * could not be written: names the store, the step and its hash, and says that executing again once the store is
 * fixed sends it. @internal
 */
export function storeRefusal(parameters: StoreRefusalParameters): StoreUnavailableError {
  const { error, tool, index, total, hash } = parameters;
  const known =
    error instanceof StoreUnavailableError
      ? (error.details as { location?: string; reason?: string })
      : undefined;
  // Only the store's own reason (it names no secret); another error is named by its class alone.
  const why = known?.reason ?? `the write failed (${(error as Error | null)?.name ?? "error"})`;
  return new StoreUnavailableError({
    location: known?.location ?? parameters.location,
    tool,
    reason: `${why}, so step ${index + 1}/${total}, signed as ${hash}, was not written before its broadcast`,
    remedy: "Its nonce is still free: fix the store, then call again to sign and send it anew.",
    cause: error,
  });
}
