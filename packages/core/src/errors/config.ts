import { SdkError, type SdkErrorOptions } from "./base.js";

/**
 * Parameters of {@link InvalidConfigError}.
 *
 * @example
 * ```ts
 * throw new InvalidConfigError({ option: "rpcUrl", value: "ftp://x", rule: "must use http or https" });
 * ```
 */
export interface InvalidConfigErrorParameters {
  /** The option (or environment variable) at fault, e.g. `"rpcUrl"`. */
  option: string;
  /** The rule it broke, e.g. `"must be an http(s) URL"`. */
  rule: string;
  /** A printable form of the value; omit it for secrets. */
  value?: string;
  /** What to do instead. */
  hint?: string;
  cause?: unknown;
}

/**
 * An option passed to `createSdkClient` (or an environment variable it reads) is invalid.
 * Thrown at construction, before any network I/O. Secret values are never echoed.
 *
 * @example
 * ```ts
 * import { createSdkClient, InvalidConfigError } from "@preflow/core";
 *
 * try {
 *   createSdkClient({ rpcUrl: "ftp://example.org" });
 * } catch (error) {
 *   if (error instanceof InvalidConfigError) console.error(error.details.option); // "rpcUrl"
 * }
 * ```
 */
export class InvalidConfigError extends SdkError<"INVALID_CONFIG" | "UNKNOWN_OPTION"> {
  override readonly name: string = "InvalidConfigError";

  constructor(parameters: InvalidConfigErrorParameters) {
    const { option, rule, value, hint, cause } = parameters;
    // UnknownOptionError passes its own code through the same one object.
    const code = (parameters as { code?: "UNKNOWN_OPTION" }).code ?? "INVALID_CONFIG";
    const shown = value === undefined ? "" : ` (got ${value})`;
    const options: SdkErrorOptions = { details: { option, rule, ...(value === undefined ? {} : { value }) } };
    if (cause !== undefined) options.cause = cause;
    super({
      code: code,
      message: `Invalid option \`${option}\`${shown}: ${rule}.${hint ? ` ${hint}` : ""}`,
      ...options,
    });
  }
}

/**
 * An option name that `createSdkClient` (or another factory, such as `createAAClient`) does not know (a typo must
 * not pass silently).
 *
 * @example
 * ```ts
 * import { createSdkClient, UnknownOptionError } from "@preflow/core";
 *
 * try {
 *   createSdkClient({ rpcURL: "https://forno.celo.org" } as never);
 * } catch (error) {
 *   if (error instanceof UnknownOptionError) console.error(error.message); // ... did you mean `rpcUrl`?
 * }
 * ```
 */
export class UnknownOptionError extends InvalidConfigError {
  override readonly name: string = "UnknownOptionError";

  constructor(parameters: {
    option: string;
    /** The closest known option, when one is close. */
    suggestion?: string | undefined;
    /** Every known option. */
    known: readonly string[];
    /** The factory the option was given to; default `"createSdkClient"`. */
    factory?: string;
  }) {
    const { option, suggestion, known, factory = "createSdkClient" } = parameters;
    super({
      option,
      rule: `is not an option of ${factory}`,
      hint: suggestion
        ? `Did you mean \`${suggestion}\`?`
        : `Known options: ${known.map((name) => `\`${name}\``).join(", ")}.`,
      code: "UNKNOWN_OPTION",
    } as InvalidConfigErrorParameters);
  }
}
