import { SdkError, type SdkErrorParameters } from "@preflow/errors";

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
 * The base class of every error `@preflow/attribution` throws on purpose; it extends {@link SdkError}, the root of
 * every preflow error. Each has a stable `code` and structured `details`; the message names the field, the value and
 * the rule that was broken.
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
> extends SdkError<AttributionErrorCode, details> {
  override readonly name: string = "AttributionError";

  constructor(parameters: SdkErrorParameters<AttributionErrorCode, details>) {
    super(parameters);
  }
}
