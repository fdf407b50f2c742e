export { readToolServerConfigFromEnv, TOOL_SERVER_ENV } from "./config/readToolServerConfigFromEnv.js";
export type { ToolFamily, ToolServerConfig } from "./config/types.js";
export {
  ApprovalCodeMismatchError,
  ApprovalDeclinedError,
  ApprovalExpiredError,
  ApprovalFlowChangedError,
  ApprovalRequiredError,
  ApprovalReusedError,
  FeeCurrencyMismatchError,
  FlowAccountMismatchError,
  FlowNotFoundError,
  InvalidInputError,
  InvalidKeystoreError,
  InvalidPolicyError,
  InvalidPrivateKeyError,
  InvalidToolServerConfigError,
  KeystoreLockedError,
  KeystorePasswordInvalidError,
  type PolicyViolation,
  PolicyViolationError,
  SignerNotConfiguredError,
  StoreUnavailableError,
  ToolsError,
  type ToolsErrorCode,
  ToolTimeoutError,
  TopUpFailedError,
  UnknownArgumentError,
  UnknownToolError,
} from "./errors/index.js";
export type { SpendingPolicyFile } from "./policy/readPolicyFile.js";
export {
  createToolServer,
  DEFAULT_TOOL_TIMEOUT_MS,
  TOOL_FAMILY,
  TOOL_NAMES,
  type ToolServer,
  type ToolServerRuntime,
} from "./server/createToolServer.js";
export {
  type RunningToolServer,
  type RunStdioServerOptions,
  runStdioServer,
} from "./server/runStdioServer.js";
export {
  type LoadSignerErrorType,
  type LoadSignerParameters,
  type LoadSignerReturnType,
  loadSigner,
} from "./signer/loadSigner.js";
