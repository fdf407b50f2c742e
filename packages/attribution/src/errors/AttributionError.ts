/**
 * The stable machine-readable codes of the errors this package throws.
 *
 * @example
 * ```ts
 * import type { AttributionErrorCode } from "@preflow/attribution";
 *
 * const code: AttributionErrorCode = "INVALID_ATTRIBUTION_TAG";
 * ```
 */
export type AttributionErrorCode =
  | "INVALID_ATTRIBUTION_TAG"
  | "INVALID_CALLDATA"
  | "INVALID_TRANSACTION_HASH"
  | "INVALID_REQUEST_FUNCTION"
  | "TRANSACTION_NOT_FOUND"
  | "TRANSACTION_REQUEST_FAILED";

/**
 * The base class of every error `@preflow/attribution` throws on purpose. Each has a stable `code` and
 * structured `details`; the message names the field, the value and the rule that was broken.
 *
 * @example
 * ```ts
 * import { AttributionError, appendSdkCalldataTag } from "@preflow/attribution";
 *
 * try {
 *   appendSdkCalldataTag("0x", ["not valid!"]);
 * } catch (error) {
 *   if (error instanceof AttributionError) console.log(error.code, error.details);
 *   // "INVALID_ATTRIBUTION_TAG" { tag: "not valid!", index: 0, rule: "characters" }
 * }
 * ```
 */
export class AttributionError<
  details extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>,
> extends Error {
  override name = "AttributionError";
  /** A stable machine-readable code. */
  readonly code: AttributionErrorCode;
  /** Structured facts about the failure (never secrets). */
  readonly details: details;

  constructor(
    message: string,
    options: { code: AttributionErrorCode; details: details; cause?: unknown | undefined },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.details = options.details;
  }
}
