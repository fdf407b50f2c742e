export { readToolServerConfigFromEnv, TOOL_SERVER_ENV } from "./config/readToolServerConfigFromEnv.js";
export type { ToolServerConfig } from "./config/types.js";
export { InvalidPrivateKeyError, SignerNotConfiguredError } from "./errors/index.js";
export {
  type ExecutedStep,
  type ExecutedStepStatus,
  type ExecutePreparedFlowParameters,
  type ExecutePreparedFlowReturnType,
  type ExecutionStepEvent,
  executePreparedFlow,
} from "./execution/executePreparedFlow.js";
export { createToolServer, TOOL_NAMES, type ToolServer } from "./server/createToolServer.js";
export { type RunStdioServerOptions, runStdioServer } from "./server/runStdioServer.js";
