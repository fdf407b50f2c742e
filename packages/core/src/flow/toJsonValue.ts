import type { JsonValue } from "./types.js";

/**
 * Turns ABI arguments into JSON values for a step's `call.args`: bigints become decimal strings, byte arrays
 * become hex, objects and arrays are copied; anything else non-JSON becomes its string form. @internal
 */
export function toJsonValue(value: unknown, depth = 0): JsonValue {
  if (depth > 16) return "[too deep]";
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Uint8Array) {
    return `0x${Array.from(value, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
  }
  if (Array.isArray(value)) return value.map((entry) => toJsonValue(entry, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, JsonValue> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry !== undefined) out[key] = toJsonValue(entry, depth + 1);
    }
    return out;
  }
  return String(value);
}
