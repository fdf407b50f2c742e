export { readToolServerConfigFromEnv, TOOL_SERVER_ENV } from "./config/readToolServerConfigFromEnv.js";
export type { ToolServerConfig } from "./config/types.js";
export {
  FlowAccountMismatchError,
  InvalidPrivateKeyError,
  SignerNotConfiguredError,
} from "./errors/index.js";
export { createToolServer, TOOL_NAMES, type ToolServer } from "./server/createToolServer.js";
export { type RunStdioServerOptions, runStdioServer } from "./server/runStdioServer.js";
