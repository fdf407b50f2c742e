import { InvalidArgumentError } from "./InvalidArgumentError.js";
import { isRecord } from "./isRecord.js";
import { nearestKey } from "./nearestKey.js";
import { typeName } from "./typeName.js";

/**
 * Checks that `value` is a plain object whose own keys are all in `keys`, and returns it: a misspelled option
 * (`sginal` for `signal`) must fail, not be dropped while the caller believes it applies. The error names the
 * unknown key and, when one is close, the nearest valid key; never the key's value (it could be a secret passed
 * by mistake). Pure, no I/O: every preflow action calls it first, before any request. The one unknown-key check
 * of the SDK (`@preflow/attribution` and `@preflow/core` re-export it).
 *
 * @param value - The parameters or options object as given.
 * @param field - Its name in the error (`"parameters"`, `"options"`, `"approvals[0]"`).
 * @param keys - The keys it may have.
 * @returns `value`: typed as it was given when `keys` are its own keys (a typed parameters object and its key
 *   list, so that a key list with a typo does not compile), else as a record.
 * @throws {InvalidArgumentError} `value` is not a plain object, or has a key not in `keys` (`details.value` is
 *   the key).
 *
 * @example
 * ```ts
 * import { rejectUnknownKeys } from "@preflow/errors";
 *
 * const KEYS = ["owner", "signal"] as const;
 * const { owner, signal } = rejectUnknownKeys(parameters, "parameters", KEYS); // typed as `parameters`
 * rejectUnknownKeys({ owner, sginal }, "options", ["owner", "signal"]);
 * // throws InvalidArgumentError: Invalid `options` (got "sginal"): unknown key (the value is not shown);
 * // did you mean `signal`? The keys are owner, signal.
 * ```
 */
export function rejectUnknownKeys<const value extends object>(
  value: value,
  field: string,
  keys: readonly (keyof value & string)[],
): value;
export function rejectUnknownKeys(
  value: unknown,
  field: string,
  keys: readonly string[],
): Record<string, unknown>;
export function rejectUnknownKeys(
  value: unknown,
  field: string,
  keys: readonly string[],
): Record<string, unknown> {
  if (!isRecord(value)) {
    throw new InvalidArgumentError({
      field,
      value: typeName(value),
      rule: `must be an object with the keys ${keys.join(", ")}`,
    });
  }
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) {
      const near = nearestKey(key, keys);
      throw new InvalidArgumentError({
        field,
        value: key,
        rule: `unknown key (the value is not shown); ${near === null ? "the" : `did you mean \`${near}\`? The`} keys are ${keys.join(", ")}`,
      });
    }
  }
  return value as Record<string, unknown>;
}
