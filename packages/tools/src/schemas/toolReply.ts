// What a tool handler answers (server/toolResult.ts turns it into an MCP result). Here, below the layers that
// produce it (tools, execution), so none of them imports the server.

/** What a tool's run function returns: its data and, for a failed execution, `isError` and a headline. @internal */
export interface ToolReply {
  data: unknown;
  isError?: boolean;
  headline?: string;
}
