import { rejectUnknownKeys } from "@preflow/errors";

/** The keys of `ActionOptions`: the options of every client method that only takes a signal. @internal */
export const SIGNAL_ONLY = ["signal"] as const;

/**
 * Checks the last, optional argument of a client method (its options object) before it is merged into the
 * action's parameters: `{}` when omitted, else a plain object with only `keys` (an unknown key is refused with
 * `InvalidArgumentError` naming it, field `options`). No I/O. @internal
 */
export function parseOptions(value: unknown, keys: readonly string[] = SIGNAL_ONLY): Record<string, unknown> {
  return value === undefined ? {} : rejectUnknownKeys(value, "options", keys);
}
