/** The version the server reports in its MCP handshake; kept in step with package.json by a test. @internal */
export const TOOLS_VERSION = "0.0.0";
