import { UnknownOptionError } from "@preflow/core";
import { nearestKey } from "@preflow/errors";

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
