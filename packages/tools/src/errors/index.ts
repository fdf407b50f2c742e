// The "flow is not from this account" error is core's: executePreparedFlow (in @preflow/core) throws it.
export { FlowAccountMismatchError } from "@preflow/core";
export {
  ApprovalCodeMismatchError,
  ApprovalDeclinedError,
  ApprovalExpiredError,
  ApprovalFlowChangedError,
  ApprovalRequiredError,
  ApprovalReusedError,
} from "./approval.js";
export { ToolsError, type ToolsErrorCode } from "./base.js";
export { InvalidToolServerConfigError } from "./config.js";
export {
  FeeCurrencyMismatchError,
  FlowNotFoundError,
  ToolTimeoutError,
  TopUpFailedError,
} from "./execution.js";
export { FetchTargetRefusedError } from "./fetchTarget.js";
export { InvalidInputError, UnknownArgumentError, UnknownToolError } from "./input.js";
export { InvalidPolicyError, type PolicyViolation, PolicyViolationError } from "./policy.js";
export {
  InvalidKeystoreError,
  InvalidPrivateKeyError,
  KeystoreLockedError,
  KeystorePasswordInvalidError,
  SignerNotConfiguredError,
} from "./signer.js";
export { StoreUnavailableError } from "./store.js";
