import { nearestKey } from "@preflow/attribution";
import { UnknownOptionError } from "@preflow/core";

/** How a value is named in a message ("null", "an array", "number"...). @internal */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

/** A plain object (not null, not an array). @internal */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Refuses any key of `value` not in `known` (a typo must not pass silently), naming the nearest known one. @internal */
export function refuseUnknownKeys(
  option: string,
  value: Record<string, unknown>,
  known: readonly string[],
  owner = "createAAClient",
): void {
  for (const name of Object.keys(value)) {
    if (!known.includes(name)) {
      throw new UnknownOptionError({
        option: option === "" ? name : `${option}.${name}`,
        suggestion: nearestKey(name, known) ?? undefined,
        known,
        factory: owner,
      });
    }
  }
}
