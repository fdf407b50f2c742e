import { InvalidArgumentError } from "../errors/argument.js";

/**
 * Checks that `value` is a plain object whose keys are all in `keys` (a typo must not pass silently) and returns
 * it. The error names the unknown key, never its value (it could be a secret passed by mistake). No I/O.
 *
 * @throws {InvalidArgumentError} naming `field`. @internal
 */
export function rejectUnknownKeys(
  value: unknown,
  field: string,
  keys: readonly string[],
): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError({
      field,
      value: value === null ? "null" : Array.isArray(value) ? "an array" : typeof value,
      rule: `must be an object with the keys ${keys.join(", ")}`,
    });
  }
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) {
      throw new InvalidArgumentError({
        field,
        value: key,
        rule: `unknown key (the value is not shown); the keys are ${keys.join(", ")}`,
      });
    }
  }
  return value as Record<string, unknown>;
}
