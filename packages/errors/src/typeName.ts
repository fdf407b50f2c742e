/**
 * How a value's type is named in an error message: `"null"`, `"an array"`, else its `typeof` (`"string"`,
 * `"number"`, `"object"`...). Never throws; never shows the value itself (it may be a secret). The one type
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
  if (Array.isArray(value)) return "an array";
  return typeof value;
}
