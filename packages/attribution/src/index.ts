// The SDK's base error, unknown-key checks, redaction and bounded waits live in `@preflow/errors`; re-exported
// here so that `import { SdkError } from "@preflow/attribution"` keeps working.
export {
  describeValue,
  type ErrorSummary,
  errorCauses,
  InvalidArgumentError,
  nearestKey,
  RequestAbortedError,
  redactSecrets,
  redactUrl,
  rejectUnknownKeys,
  SdkError,
  type SdkErrorDetails,
  type SdkErrorJson,
  type SdkErrorParameters,
  summarizeError,
  withAbort,
} from "@preflow/errors";
export {
  type AppendSdkCalldataTagParameters,
  type AppendSdkCalldataTagReturnType,
  appendSdkCalldataTag,
} from "./appendSdkCalldataTag.js";
export {
  type BuildAttributionSuffixParameters,
  type BuildAttributionSuffixReturnType,
  buildAttributionSuffix,
} from "./buildAttributionSuffix.js";
export {
  type CheckAttributionInCalldataReturnType,
  checkAttributionInCalldata,
} from "./checkAttributionInCalldata.js";
export {
  type CheckAttributionInTransactionParameters,
  type CheckAttributionInTransactionReturnType,
  type CheckedLocation,
  checkAttributionInTransaction,
} from "./checkAttributionInTransaction.js";
export {
  ERC8021_MARKER,
  MAX_ATTRIBUTION_CODES_LENGTH,
  MAX_ATTRIBUTION_TAG_LENGTH,
  SDK_PLATFORM_CODE,
} from "./constants.js";
export {
  type BundledUserOperation,
  type DecodeHandleOpsCalldataReturnType,
  decodeHandleOpsCalldata,
} from "./decodeHandleOpsCalldata.js";
export {
  type DecodeSmartAccountCallsReturnType,
  decodeSmartAccountCalls,
  type SmartAccountCall,
} from "./decodeSmartAccountCalls.js";
export { AttributionError, type AttributionErrorCode } from "./errors/AttributionError.js";
export {
  InvalidAttributionTagError,
  type InvalidAttributionTagRule,
} from "./errors/InvalidAttributionTagError.js";
export { InvalidCalldataError } from "./errors/InvalidCalldataError.js";
export { InvalidRequestFunctionError } from "./errors/InvalidRequestFunctionError.js";
export { InvalidTransactionHashError } from "./errors/InvalidTransactionHashError.js";
export { TransactionNotFoundError } from "./errors/TransactionNotFoundError.js";
export { TransactionRequestError } from "./errors/TransactionRequestError.js";
export type { AttributionLocation, AttributionRequestFn, TransactionLookup } from "./internal/transaction.js";
export {
  type NormalizeAttributionTagsParameters,
  type NormalizeAttributionTagsReturnType,
  normalizeAttributionTags,
} from "./normalizeAttributionTags.js";
export {
  type StripAttributionSuffixParameters,
  type StripAttributionSuffixReturnType,
  stripAttributionSuffix,
} from "./stripAttributionSuffix.js";
export {
  type ToAttributionCodesParameters,
  type ToAttributionCodesReturnType,
  toAttributionCodes,
} from "./toAttributionCodes.js";
export type { Address, Hex } from "./types.js";
export {
  type Erc8021Layer,
  type VerifyAttributionInCalldataReturnType,
  verifyAttributionInCalldata,
} from "./verifyAttributionInCalldata.js";
export {
  type VerifiedLocation,
  type VerifyAttributionInTransactionParameters,
  type VerifyAttributionInTransactionReturnType,
  verifyAttributionInTransaction,
} from "./verifyAttributionInTransaction.js";
