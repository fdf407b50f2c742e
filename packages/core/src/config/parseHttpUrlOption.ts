import { rejectUnknownKeys } from "@preflow/errors";
import { InvalidConfigError } from "../errors/config.js";
import { redactUrl } from "../errors/redact.js";

/**
 * Parameters of {@link parseHttpUrlOption}.
 *
 * @example
 * ```ts
 * const parameters: ParseHttpUrlOptionParameters = { option: "rpcUrl", value: "https://forno.celo.org" };
 * ```
 */
export interface ParseHttpUrlOptionParameters {
  /** The option's name, for the error (`"rpcUrl"`, `"gasSponsorship.sponsor_a.baseUrl"`). */
  option: string;
  value: unknown;
  /** Whether a query string or fragment is allowed (an RPC URL may carry an API key); default `true`. */
  allowQuery?: boolean;
}

/**
 * Checks that a factory option is an http(s) URL string, the one check of `createSdkClient` and `createAAClient`.
 * The value in the error is redacted (`apikey=***`, no credentials).
 *
 * @returns The URL string, unchanged.
 * @throws {InvalidConfigError} not a string, not a URL, not http(s), or a query string where none is allowed.
 *
 * @example
 * ```ts
 * import { parseHttpUrlOption } from "@preflow/core";
 *
 * const rpcUrl = parseHttpUrlOption({ option: "rpcUrl", value: process.env.RPC_URL });
 * ```
 */
export function parseHttpUrlOption(parameters: ParseHttpUrlOptionParameters): string {
  rejectUnknownKeys(parameters, "parameters", ["option", "value", "allowQuery"]);
  const { option, value, allowQuery = true } = parameters;
  if (typeof value !== "string") {
    const type = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
    throw new InvalidConfigError({ option, rule: `must be an http(s) URL string, not ${type}` });
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
