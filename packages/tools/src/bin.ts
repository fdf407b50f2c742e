import { flushTelemetry } from "@preflow/core";
import { runStdioServer } from "./server/runStdioServer.js";

// Standard output belongs to the protocol: anything a dependency prints with console.log goes to stderr.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

const tools = await runStdioServer();
if (tools) {
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // Send the read telemetry still queued (capped at 1 s, never an error), then leave.
    tools
      .close()
      .then(() => flushTelemetry({ timeoutMs: 1000 }))
      .finally(() => process.exit(0));
  };
  process.stdin.on("end", shutdown);
  process.stdin.on("close", shutdown);
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
