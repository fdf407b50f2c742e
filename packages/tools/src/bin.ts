import { runStdioServer } from "./server/runStdioServer.js";

const tools = await runStdioServer();
if (tools) {
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    tools.close().finally(() => process.exit(0));
  };
  process.stdin.on("end", shutdown);
  process.stdin.on("close", shutdown);
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
