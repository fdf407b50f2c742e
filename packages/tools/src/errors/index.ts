export { ToolsError, type ToolsErrorCode } from "./base.js";
export { InvalidToolServerConfigError } from "./config.js";
export { FlowNotFoundError, ToolTimeoutError } from "./execution.js";
export { InvalidInputError, UnknownArgumentError } from "./input.js";
export { InvalidPolicyError, type PolicyViolation, PolicyViolationError } from "./policy.js";
export { FromMismatchError, InvalidPrivateKeyError, SignerNotConfiguredError } from "./signer.js";
