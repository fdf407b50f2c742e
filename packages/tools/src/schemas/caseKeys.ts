// The tools' one casing: results in snake_case, values taken back in camelCase. Here, below every layer that
// converts (server, tools, approval), so none of them imports the server for it.

/** Keys whose values are data, not field names: left as they are by {@link toSnakeCase}. */
const OPAQUE_KEYS = new Set(["args", "metadata", "route", "result", "registrationFile", "registration"]);

/** `blockNumber` → `block_number`; keys already in snake_case stay. @internal */
export function snakeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** `block_number` → `blockNumber` (the inverse of {@link snakeKey} for the SDK's camelCase names). @internal */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The inverse of {@link toSnakeCase} for values the tools take back (a flow's `intent`): object keys become
 * camelCase again, except inside `args` and `metadata`, which are data. @internal
 */
export function toCamelCase(value: unknown, opaque = false): unknown {
  if (Array.isArray(value)) return value.map((entry) => toCamelCase(entry, opaque));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      out[opaque ? key : camelKey(key)] = toCamelCase(entry, opaque || OPAQUE_KEYS.has(key));
    }
    return out;
  }
  return value;
}

/**
 * A JSON-safe copy in the tools' one casing: bigints become decimal strings, `undefined` fields are dropped,
 * object keys become snake_case (except inside `args`, which is data). @internal
 */
export function toSnakeCase(value: unknown, opaque = false): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map((entry) => toSnakeCase(entry, opaque));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry === undefined) continue;
      out[opaque ? key : snakeKey(key)] = toSnakeCase(entry, opaque || OPAQUE_KEYS.has(key));
    }
    return out;
  }
  return value;
}
