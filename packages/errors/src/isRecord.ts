/**
 * Whether `value` is an object with string keys: not `null`, not an array (functions are not records either).
 * The one such check of the SDK.
 *
 * @param value - Any value.
 * @returns `true` for `{}` and class instances, `false` for `null`, arrays and primitives.
 *
 * @example
 * ```ts
 * import { isRecord } from "@preflow/errors";
 *
 * isRecord({ a: 1 }); // true
 * isRecord([1]); // false
 * isRecord(null); // false
 * ```
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
