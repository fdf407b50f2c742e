/**
 * Structured, JSON-safe facts about an error (never a secret).
 *
 * @example
 * ```ts
 * import type { SdkErrorDetails } from "@preflow/errors";
 *
 * const details: SdkErrorDetails = { field: "amount", rule: "must be positive" };
 * ```
 */
export type SdkErrorDetails = Readonly<Record<string, unknown>>;

/**
 * The one parameter of the {@link SdkError} constructor.
 *
 * @example
 * ```ts
 * import { SdkError, type SdkErrorParameters } from "@preflow/errors";
 *
 * const parameters: SdkErrorParameters<"MY_CODE"> = { code: "MY_CODE", message: "What went wrong. What to do." };
 * new SdkError(parameters);
 * ```
 */
export interface SdkErrorParameters<
  code extends string = string,
  details extends SdkErrorDetails = SdkErrorDetails,
> {
  /** A stable, machine-readable code such as `"INVALID_AMOUNT"`. */
  code: code;
  /** What was wrong and what to do, in one or two short sentences. Never holds a secret. */
  message: string;
  /** Structured facts about the failure (field, value preview, rule...). Never holds a secret. */
  details?: details | undefined;
  /** The underlying error, when one exists and carries no secret. */
  cause?: unknown;
}

/**
 * The JSON form of an {@link SdkError} (what `JSON.stringify(error)` and tool results carry).
 *
 * @example
 * ```ts
 * import type { SdkErrorJson } from "@preflow/errors";
 *
 * const json: SdkErrorJson = { name: "InvalidAmountError", code: "INVALID_AMOUNT", message: "...", details: {} };
 * ```
 */
export interface SdkErrorJson<
  code extends string = string,
  details extends SdkErrorDetails = SdkErrorDetails,
> {
  name: string;
  code: code;
  message: string;
  details: details;
}

/**
 * The root of every error preflow throws on purpose, in every package (`@preflow/errors`, `@preflow/attribution`,
 * `@preflow/core`, `@preflow/aa`, `@preflow/agent-id`, `@preflow/tools`, and `preflow`, which re-export it).
 * `code` is stable across versions, `details` holds structured JSON-safe facts, the message says what was wrong
 * and what to do, and `toJSON()` gives `{ name, code, message, details }`. It lives at the bottom of the package
 * graph, so one `instanceof SdkError` check covers everything.
 *
 * @example
 * ```ts
 * import { SdkError } from "preflow";
 *
 * try {
 *   await client.transaction.prepareSend(from, to, "USDm", "1.5");
 * } catch (error) {
 *   if (error instanceof SdkError) console.error(error.code, error.details);
 *   else throw error;
 * }
 * ```
 */
export class SdkError<
  code extends string = string,
  details extends SdkErrorDetails = SdkErrorDetails,
> extends Error {
  /** The error's class name, e.g. `"InvalidAmountError"`; every subclass overrides it. */
  override readonly name: string = "SdkError";
  /** A stable, machine-readable error code such as `"INVALID_AMOUNT"`. */
  readonly code: code;
  /** Structured facts about the failure. */
  readonly details: details;

  constructor(parameters: SdkErrorParameters<code, details>) {
    super(parameters.message, parameters.cause === undefined ? undefined : { cause: parameters.cause });
    this.code = parameters.code;
    this.details = Object.freeze({ ...(parameters.details ?? {}) }) as details;
  }

  /**
   * A JSON form of the error (name, code, message, details) for logs and tool results.
   *
   * @example
   * ```ts
   * JSON.stringify(error); // {"name":"InvalidAmountError","code":"INVALID_AMOUNT",...}
   * ```
   */
  toJSON(): SdkErrorJson<code, details> {
    return { name: this.name, code: this.code, message: this.message, details: this.details };
  }
}
