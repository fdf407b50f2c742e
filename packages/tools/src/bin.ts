import { fileURLToPath } from "node:url";
import { runStdioServer } from "./server/runStdioServer.js";

// Standard output belongs to the protocol: anything a dependency prints with console.log goes to stderr.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

// `preflow-tools enroll-passkey`: enrols the person's passkey for approvals (approval/passkey/enrollPasskey.ts).
const command = process.argv[2] === "enroll-passkey" ? "enroll-passkey" : undefined;
if (command === "enroll-passkey") {
  const { runEnrollPasskey } = await import("./approval/passkey/enrollPasskey.js");
  const { defaultStateDir } = await import("./state/defaultStateDir.js");
  const stateDir = process.env.PREFLOW_STATE_DIR?.trim() || defaultStateDir();
  process.exit(await runEnrollPasskey(process.argv.slice(3), stateDir, (line) => console.error(line)));
}

// `--http host:port`: Streamable HTTP at /mcp for several local clients (PREFLOW_HTTP_TOKEN required).
const httpAt = process.argv.indexOf("--http");
const tools = await runStdioServer({
  ...(httpAt === -1 ? {} : { http: process.argv[httpAt + 1] ?? "" }),
  listingFile: fileURLToPath(new URL("./tool-listing.json", import.meta.url)),
});
if (tools) {
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // A client that leaves before listing still gets the configuration checked.
    tools.start();
    // Wait for the configuration check, send the read telemetry still queued (capped at 1 s), then leave.
    tools.ready
      .then(async (runtime) => {
        await tools.close();
        if (runtime) {
          const { flushTelemetry } = await import("@preflow/core");
          await flushTelemetry({ timeoutMs: 1000 });
        }
      })
      .finally(() => process.exit(process.exitCode ?? 0));
  };
  void tools.ready.then((runtime) => {
    if (!runtime) shutdown();
  });
  if (httpAt === -1) {
    process.stdin.on("end", shutdown);
    process.stdin.on("close", shutdown);
  }
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
