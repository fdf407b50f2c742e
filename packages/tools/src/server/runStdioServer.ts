import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { readToolServerConfigFromEnv, TOOL_SERVER_ENV } from "../config/readToolServerConfigFromEnv.js";
import { createToolServer, type ToolServer } from "./createToolServer.js";
import { createRedactor } from "./redact.js";
import { describeError } from "./toolResult.js";

/** The environment variable behind each `createSdkClient` option the server sets, for start-up errors. */
const ENV_OF_OPTION: Record<string, string> = {
  rpcUrl: TOOL_SERVER_ENV.rpcUrl,
  attributionTags: TOOL_SERVER_ENV.attributionTags,
  telemetryApiKey: TOOL_SERVER_ENV.telemetryApiKey,
  telemetryEndpoint: TOOL_SERVER_ENV.telemetryEndpoint,
  analyticsDeviceId: TOOL_SERVER_ENV.analyticsDeviceId,
  agentIdPrivateKey: TOOL_SERVER_ENV.agentIdPrivateKey,
};

/**
 * Options of {@link runStdioServer}; each defaults to the current process.
 *
 * @example
 * ```ts
 * import type { RunStdioServerOptions } from "@preflow/tools";
 * const options: RunStdioServerOptions = { env: { RPC_URL: "http://127.0.0.1:8545" } };
 * ```
 */
export interface RunStdioServerOptions {
  env?: Record<string, string | undefined>;
  stdin?: Readable;
  stdout?: Writable;
  /** Where log lines and start-up errors go (never standard output). */
  stderr?: { write(chunk: string): unknown };
}

/**
 * What the `preflow-tools` binary runs: reads the configuration from the environment, creates the server
 * and serves it over stdio (protocol on stdout, logs on stderr). On a bad configuration (a malformed
 * `CHAIN_PRIVATE_KEY`, a bad `RPC_URL`...) it writes one line to stderr, without any secret, sets
 * `process.exitCode = 1` and resolves `undefined`.
 *
 * @example
 * ```ts
 * import { runStdioServer } from "@preflow/tools";
 *
 * const tools = await runStdioServer();
 * if (!tools) process.exit(1);
 * ```
 */
export async function runStdioServer(options: RunStdioServerOptions = {}): Promise<ToolServer | undefined> {
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  const log = (line: string): void => {
    stderr.write(`[preflow-tools] ${line}\n`);
  };
  let tools: ToolServer;
  try {
    tools = createToolServer({ ...readToolServerConfigFromEnv(env), log });
  } catch (error) {
    const redactor = createRedactor([
      env.CHAIN_PRIVATE_KEY,
      env.AGENT_ID_PRIVATE_KEY,
      env.PREFLOW_TELEMETRY_API_KEY,
    ]);
    const { code, message, details } = describeError(error);
    const option = (details as { option?: unknown } | undefined)?.option;
    const variable = typeof option === "string" ? ENV_OF_OPTION[option] : undefined;
    const from = variable === undefined ? "" : ` (from ${variable})`;
    stderr.write(redactor.text(`preflow-tools: cannot start (${code}): ${message}${from}\n`));
    process.exitCode = 1;
    return undefined;
  }
  await tools.connect(new StdioServerTransport(options.stdin, options.stdout));
  log(
    `serving ${tools.tools.length} tools over stdio on chain 42220 via ${tools.rpcUrl}; signer: ${tools.signer ?? "none (read, prepare and attribution tools only)"}`,
  );
  return tools;
}
