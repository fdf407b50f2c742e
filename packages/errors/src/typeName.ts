/**
 * How a value's type is named in an error message: `"null"`, `"an array"`, else its `typeof` (`"string"`,
 * `"number"`, `"object"`...), `"a revoked proxy"`. Never throws (not on a proxy either); never shows the value itself (it may be a secret). The one type
 * namer of the SDK.
 *
 * @param value - Any value.
 * @returns Its type's name.
 *
 * @example
 * ```ts
 * import { typeName } from "@preflow/errors";
 *
 * typeName(null); // "null"
 * typeName([1]); // "an array"
 * typeName(10n); // "bigint"
 * ```
 */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  try {
    if (Array.isArray(value)) return "an array";
  } catch {
    // Array.isArray throws on a revoked proxy: name it without touching it again
    return "a revoked proxy";
  }
  return typeof value;
}
