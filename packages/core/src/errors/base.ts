import { AttributionError } from "@preflow/attribution";

/**
 * Structured, JSON-safe facts about an error (never a secret).
 *
 * @example
 * ```ts
 * if (error instanceof SdkError) console.log(error.details.field);
 * ```
 */
export type SdkErrorDetails = Readonly<Record<string, unknown>>;

/**
 * Options of {@link SdkError}.
 *
 * @example
 * ```ts
 * class MyError extends SdkError {
 *   constructor() {
 *     super("MY_CODE", "What went wrong. What to do.", { details: { field: "x" } });
 *   }
 * }
 * ```
 */
export interface SdkErrorOptions {
  /** Structured facts about the failure (field, value, rule...). Never holds a secret. */
  details?: SdkErrorDetails;
  /** The underlying error, when one exists and carries no secret. */
  cause?: unknown;
}

/**
 * The base class of every error `@preflow/core` throws on purpose. `code` is stable across versions,
 * `details` holds structured facts, and the message says what was wrong and what to do.
 *
 * @example
 * ```ts
 * import { SdkError } from "@preflow/core";
 *
 * try {
 *   await client.transaction.prepareSend(from, to, "USDm", "1.5");
 * } catch (error) {
 *   if (error instanceof SdkError) console.error(error.code, error.details);
 *   else throw error;
 * }
 * ```
 */
export class SdkError extends Error {
  /**
   * `error instanceof SdkError` also holds for the errors of `@preflow/attribution` (`AttributionError` and its
   * subclasses), which cannot extend this class because that package must not depend on this one. So one
   * `catch` with one base class covers every error the SDK throws on purpose.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class `instanceof` was asked about: subclasses keep their exact, ordinary check.
    // biome-ignore lint/complexity/noThisInStatic: the receiver is the point of a Symbol.hasInstance override
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    // biome-ignore lint/complexity/noThisInStatic: only SdkError itself also claims attribution errors
    return this === SdkError && value instanceof AttributionError;
  }

  /** A stable, machine-readable error code such as `"INVALID_AMOUNT"`. */
  readonly code: string;
  /** Structured facts about the failure. */
  readonly details: SdkErrorDetails;

  constructor(code: string, message: string, options: SdkErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "SdkError";
    this.code = code;
    this.details = Object.freeze({ ...(options.details ?? {}) });
  }

  /**
   * A JSON form of the error (name, code, message, details) for logs and tool results.
   *
   * @example
   * ```ts
   * JSON.stringify(error); // {"name":"InvalidAmountError","code":"INVALID_AMOUNT",...}
   * ```
   */
  toJSON(): { name: string; code: string; message: string; details: SdkErrorDetails } {
    return { name: this.name, code: this.code, message: this.message, details: this.details };
  }
}

/** Quotes a user value for a message, shortening very long values. @internal */
export function describeValue(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "bigint") text = `${value}n`;
  else if (value === undefined) text = "undefined";
  else if (typeof value === "function") text = "a function";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
