import { InvalidConfigError, redactUrl, UnknownOptionError } from "@preflow/core";

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

/** An http(s) URL string; without a query string or fragment unless `allowQuery`. @internal */
export function httpUrl(option: string, value: unknown, allowQuery = false): string {
  if (typeof value !== "string") {
    throw new InvalidConfigError({ option, rule: `must be an http(s) URL string, not ${typeOf(value)}` });
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new InvalidConfigError({ option, value: redactUrl(value), rule: "is not a valid URL" });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new InvalidConfigError({
      option,
      value: redactUrl(value),
      rule: `must use http or https, not ${parsed.protocol.replace(":", "")}`,
    });
  }
  if (!allowQuery && (parsed.search !== "" || parsed.hash !== "")) {
    throw new InvalidConfigError({
      option,
      value: redactUrl(value),
      rule: "must not carry a query string or fragment",
    });
  }
  return value;
}

/** Refuses any key of `value` not in `known` (a typo must not pass silently). @internal */
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
        known,
        factory: owner,
      });
    }
  }
}
