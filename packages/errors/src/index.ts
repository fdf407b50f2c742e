/**
 * `@preflow/errors`: the base every preflow package builds its errors on. The root error class ({@link SdkError})
 * and the two errors every package throws ({@link InvalidArgumentError}, {@link RequestAbortedError}); the input
 * checks that throw them ({@link rejectUnknownKeys} with {@link nearestKey}, {@link typeName}, {@link isRecord},
 * {@link describeValue}); the redaction that keeps secrets out of them ({@link redactUrl}, {@link redactSecrets},
 * {@link summarizeError}); and the bounded waits that end in them ({@link withAbort}, {@link withTimeout},
 * {@link sleep}, {@link parseRetryAfter}). No dependencies, no Node built-ins: it runs in browsers.
 * `@preflow/attribution`, `@preflow/core` and `preflow` re-export all of it.
 *
 * @example
 * import { SdkError, rejectUnknownKeys } from "@preflow/errors";
 *
 * rejectUnknownKeys({ sginal: 1 }, "options", ["signal"]); // throws InvalidArgumentError (an SdkError)
 *
 * @packageDocumentation
 */
export { describeValue } from "./describeValue.js";
export { InvalidArgumentError } from "./InvalidArgumentError.js";
export { isRecord } from "./isRecord.js";
export { nearestKey } from "./nearestKey.js";
export { parseRetryAfter } from "./parseRetryAfter.js";
export { RequestAbortedError } from "./RequestAbortedError.js";
export { redactSecrets } from "./redactSecrets.js";
export { redactUrl } from "./redactUrl.js";
export { rejectUnknownKeys } from "./rejectUnknownKeys.js";
export {
  SdkError,
  type SdkErrorDetails,
  type SdkErrorJson,
  type SdkErrorParameters,
} from "./SdkError.js";
export { sleep } from "./sleep.js";
export { type ErrorSummary, errorCauses, summarizeError } from "./summarizeError.js";
export { typeName } from "./typeName.js";
export { withAbort } from "./withAbort.js";
export { withTimeout } from "./withTimeout.js";
