// The root of every preflow error lives at the bottom of the package graph (`@preflow/errors`); core
// re-exports it so `import { SdkError } from "@preflow/core"` keeps working.
export {
  describeValue,
  SdkError,
  type SdkErrorDetails,
  type SdkErrorJson,
  type SdkErrorParameters,
} from "@preflow/errors";

/**
 * The `details` and `cause` of an {@link SdkError} (the constructor's parameters without `code` and `message`).
 *
 * @example
 * ```ts
 * import type { SdkErrorOptions } from "@preflow/core";
 * const options: SdkErrorOptions = { details: { field: "amount" } };
 * ```
 */
export type SdkErrorOptions = Omit<import("@preflow/errors").SdkErrorParameters, "code" | "message">;
