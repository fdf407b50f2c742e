import { readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import type { Tool } from "@modelcontextprotocol/server";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { readToolServerConfigFromEnv } from "../config/readToolServerConfigFromEnv.js";
import { createToolServerWith, type ToolServer, type ToolServerRuntime } from "./createToolServer.js";
import { describeError } from "./formatError.js";
import { createRedactor } from "./redact.js";
import { inToolLanguage } from "./toolLanguage.js";
import { TOOLS_VERSION } from "./version.js";

/** How long after connecting the binary loads its runtime when no `tools/list` came first. */
const LOAD_AFTER_MS = 1_000;

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
  /**
   * Serve Streamable HTTP at `http://<host:port>/mcp` instead of stdio (`--http 127.0.0.1:8765`): several clients
   * share one server. Needs `PREFLOW_HTTP_TOKEN`; loopback only unless `PREFLOW_HTTP_OPEN=1`.
   */
  http?: string;
  /** The build's `tool-listing.json` (the binary passes it), answered to `tools/list` without building schemas. @internal */
  listingFile?: string;
}

/** The precomputed listing, when the file is there and of this version. */
function readListing(file: string | undefined): readonly Tool[] | undefined {
  if (file === undefined) return undefined;
  try {
    const json = JSON.parse(readFileSync(file, "utf8")) as { version?: unknown; tools?: unknown };
    return json.version === TOOLS_VERSION && Array.isArray(json.tools) ? (json.tools as Tool[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A tool server serving over stdio; `ready` settles once the runtime is loaded: with it, or with
 * `undefined` after a configuration error was reported (then `process.exitCode` is 1).
 *
 * @example
 * ```ts
 * import { runStdioServer, type RunningToolServer } from "@preflow/tools";
 * const running: RunningToolServer | undefined = await runStdioServer();
 * if (running && !(await running.ready)) process.exit(1);
 * ```
 */
export interface RunningToolServer extends ToolServer {
  readonly ready: Promise<ToolServerRuntime | undefined>;
  /** Starts loading now instead of after the first `tools/list` (the binary does when its client leaves). */
  start(): void;
}

/**
 * What the `preflow-tools` binary runs: reads the configuration from the environment, creates the server
 * and serves it over stdio (protocol on stdout, logs on stderr). The tool list is answered at once; core,
 * the signer and the policy's tokens load right after the first `tools/list` (or 1 s after start). A bad
 * configuration (a malformed `CHAIN_PRIVATE_KEY` or policy file at once; a bad `RPC_URL` once loaded) is
 * written as one line to stderr, without any secret, and sets `process.exitCode = 1`: resolves `undefined`,
 * or `ready` settles with `undefined`.
 *
 * @example
 * ```ts
 * import { runStdioServer } from "@preflow/tools";
 *
 * const tools = await runStdioServer();
 * if (!tools) process.exit(1);
 * ```
 */
export async function runStdioServer(
  options: RunStdioServerOptions = {},
): Promise<RunningToolServer | undefined> {
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  const log = (line: string): void => {
    stderr.write(`[preflow-tools] ${line}\n`);
  };
  const secrets = [
    env.CHAIN_PRIVATE_KEY,
    env.AGENT_ID_PRIVATE_KEY,
    env.PREFLOW_TELEMETRY_API_KEY,
    env.PREFLOW_HTTP_TOKEN,
  ];
  const report = (error: unknown): void => {
    const redactor = createRedactor(secrets);
    // Said in the operator's words: an option the server sets from a variable is named by the variable only
    // (`Invalid environment variable \`RPC_URL\` ...`), never by the SDK option behind it.
    const { code, message, details } = inToolLanguage(describeError(error), {
      argumentNames: new Set(),
      toolTimeoutMs: 0,
    });
    const variable = (details as { variable?: unknown } | undefined)?.variable;
    const said =
      typeof variable === "string"
        ? message.replace(`Invalid option \`${variable}\``, `Invalid environment variable \`${variable}\``)
        : message;
    stderr.write(redactor.text(`preflow-tools: cannot start (${code}): ${said}\n`));
    process.exitCode = 1;
  };
  let tools: ToolServer;
  let http: import("./serveHttp.js").HttpServeOptions | undefined;
  try {
    if (options.http !== undefined)
      http = (await import("./serveHttp.js")).readHttpServeOptions(options.http, env);
    const config = readToolServerConfigFromEnv(env);
    // The raw key leaves the environment once read: modules loaded later and child processes do not inherit it.
    // (Linux's /proc/<pid>/environ still shows the environment the process started with: only a keystore or a
    // signer module keeps a key out of it.)
    if (env === process.env) {
      delete process.env.CHAIN_PRIVATE_KEY;
      delete process.env.PREFLOW_HTTP_TOKEN;
    }
    tools = createToolServerWith({ ...config, log }, readListing(options.listingFile) as Tool[] | undefined);
  } catch (error) {
    report(error);
    return undefined;
  }
  let resolveReady: (value: ToolServerRuntime | undefined) => void = () => undefined;
  const ready = new Promise<ToolServerRuntime | undefined>((resolve) => {
    resolveReady = resolve;
  });
  let started = false;
  let served = "stdio";
  const start = (): void => {
    if (started) return;
    started = true;
    clearTimeout(fallback);
    tools.load().then(
      (runtime) => {
        log(
          `serving ${tools.tools.length} tools over ${served} on chain 42220 via ${runtime.rpcUrl}; answer bound ${tools.toolTimeoutMs} ms; signer: ${runtime.signer ?? "none (read, prepare and inspect tools, and dry runs)"}`,
        );
        resolveReady(runtime);
      },
      (error: unknown) => {
        report(error);
        resolveReady(undefined);
      },
    );
  };
  const fallback = setTimeout(start, LOAD_AFTER_MS);
  tools.onFirstList = start;
  const close = tools.close;
  if (http !== undefined) {
    let listening: { url: string; close(): Promise<void> };
    try {
      listening = await (await import("./serveHttp.js")).serveHttp(tools, http, log);
    } catch (error) {
      clearTimeout(fallback);
      report(error);
      return undefined;
    }
    served = `HTTP at ${listening.url}`;
    start();
    return Object.assign(tools, {
      ready,
      start,
      close: async () => {
        await listening.close();
        await close();
      },
    });
  }
  // Both eras on one pipe: the first message picks it (`initialize`: 2025, served as before; a request carrying the
  // 2026-07-28 envelope, or `server/discover`: stateless), one instance pinned for the connection.
  const handle = serveStdio(() => tools.createServer(), {
    legacy: "serve",
    transport: new StdioServerTransport(options.stdin, options.stdout),
    onerror: (error) => log(`protocol: ${error.message}`),
  });
  return Object.assign(tools, {
    ready,
    start,
    close: async () => {
      await handle.close();
      await close();
    },
  });
}
