import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { nearestKey } from "@preflow/errors";
import { humanChannel } from "../approval/humanChannel.js";
import { parseFeeCurrency } from "../config/parseFeeCurrency.js";
import { parsePrivateKey } from "../config/parsePrivateKey.js";
import { TOOL_FAMILIES } from "../config/readToolServerConfigFromEnv.js";
import type { ToolFamily, ToolServerConfig } from "../config/types.js";
import { ToolsError } from "../errors/base.js";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { ToolTimeoutError } from "../errors/execution.js";
import { UnknownToolError } from "../errors/input.js";
import { ExecutionRegistry } from "../execution/executionRegistry.js";
import { argumentNamesOf, parseToolArguments } from "../input/parseToolArguments.js";
import { readPolicyFile } from "../policy/readPolicyFile.js";
import { defaultStateDir } from "../state/defaultStateDir.js";
import { storeOpener } from "../store/openToolServerStore.js";
import { parseDatabaseUrl } from "../store/parseDatabaseUrl.js";
import { TOOL_CATALOG } from "../tools/catalog.generated.js";
import type { ToolCall, ToolContext, ToolDefinition, ToolRuntime } from "../tools/context.js";
import { loadRuntime } from "./loadRuntime.js";
import { createRedactor } from "./redact.js";
import { inToolLanguage } from "./toolLanguage.js";
import { errorResult, replyResult } from "./toolResult.js";
import { TOOLS_VERSION } from "./version.js";

/**
 * The names of every tool the server can offer, in listing order (all families).
 *
 * @example
 * ```ts
 * import { TOOL_NAMES } from "@preflow/tools";
 * TOOL_NAMES.includes("send_token"); // true
 * ```
 */
export const TOOL_NAMES: readonly string[] = Object.freeze(TOOL_CATALOG.map((tool) => tool.name));

/**
 * The family of each tool (`PREFLOW_TOOLS` picks families).
 *
 * @example
 * ```ts
 * import { TOOL_FAMILY } from "@preflow/tools";
 * TOOL_FAMILY.send_token; // "execute"
 * ```
 */
export const TOOL_FAMILY: Readonly<Record<string, ToolFamily>> = Object.freeze(
  Object.fromEntries(TOOL_CATALOG.map((tool) => [tool.name, tool.family])),
);

/** Default answer bound: below the MCP SDK client's 60 s request timeout. */
export const DEFAULT_TOOL_TIMEOUT_MS = 50_000;
const HEARTBEAT_MS = 5_000;

/**
 * What the server loads on first use: the preflow client, the signer's address and the RPC URL (redacted).
 *
 * @example
 * ```ts
 * import { createToolServer, type ToolServerRuntime } from "@preflow/tools";
 * const runtime: ToolServerRuntime = await createToolServer({ analyticsEnabled: false }).load();
 * console.log(runtime.signer ?? "read-only", runtime.rpcUrl);
 * ```
 */
export interface ToolServerRuntime {
  /** The preflow client the tools read and prepare with. */
  readonly sdk: import("@preflow/core").SdkClient;
  /** The signer's address, or `undefined` without a private key. */
  readonly signer: `0x${string}` | undefined;
  /** The RPC endpoint in use, with credentials redacted. */
  readonly rpcUrl: string;
}

/**
 * A tool server made by {@link createToolServer}: the MCP server, ready to be connected to a transport.
 *
 * @example
 * ```ts
 * import { createToolServer, type ToolServer } from "@preflow/tools";
 * const tools: ToolServer = createToolServer({ analyticsEnabled: false, families: ["read"] });
 * console.log(tools.tools); // the read tools
 * ```
 */
export interface ToolServer {
  /** The low-level MCP server (from `@modelcontextprotocol/sdk`). */
  readonly server: Server;
  /** The names of the tools offered (the configured families), in listing order. */
  readonly tools: readonly string[];
  /** The answer bound in ms. */
  readonly toolTimeoutMs: number;
  /**
   * Loads core, the signer and the policy's tokens (the first tool call does it too). Rejects with the
   * configuration error (`INVALID_CONFIG`, `INVALID_POLICY`...) when the configuration cannot be used.
   */
  load(): Promise<ToolServerRuntime>;
  /** Connects the server to a transport (for example `StdioServerTransport`) and starts serving. */
  connect(transport: Transport): Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
  /** Called once after the first `tools/list` was answered (the binary starts loading then). */
  onFirstList?: (() => void) | undefined;
}

function stderrLog(line: string): void {
  process.stderr.write(`[preflow-tools] ${line}\n`);
}

/** The tools themselves (zod schemas and handlers), loaded on the first call. */
const loadTools = async (): Promise<Map<string, ToolDefinition>> => {
  const { TOOLS } = await import("../tools/registry.js");
  return new Map(TOOLS.map((tool) => [tool.name, tool]));
};

/**
 * Creates the preflow MCP tool server: reads (`get_*`, `resolve_ens`), `prepare_*`, execution
 * (`execute_prepared_flow`, `send_token`, `get_flow_status`, `get_policy`) and attribution checks
 * (`check_attribution_tag`, `verify_attribution_tag`), in families chosen by `families`. Inputs are strict
 * (unknown keys refused with the nearest valid one) and snake_case, results snake_case and described by each
 * tool's `outputSchema`. Every tool answers within `toolTimeoutMs`. Executions of the signer are queued,
 * identified (no double sends), checked against the spending policy before signing, and cancellable
 * between steps.
 *
 * Checks the key, the policy file and the shape of `feeCurrency` here, without loading anything heavy (throws
 * {@link InvalidPrivateKeyError}, never echoing the key, {@link InvalidPolicyError} or
 * {@link InvalidToolServerConfigError}); `feeCurrency` is checked with core's rule when it loads; core, viem's chain
 * data and the execution path load on first use ({@link ToolServer.load}). Tool failures never throw: they
 * come back as `isError: true` results with `CODE: message` text and `structuredContent.error`. Every result
 * and log line is scrubbed of the configured secrets.
 *
 * @example
 * ```ts
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
 * import { createToolServer } from "@preflow/tools";
 *
 * const tools = createToolServer({
 *   privateKey: process.env.CHAIN_PRIVATE_KEY,
 *   rpcUrl: "https://forno.celo.org",
 *   attributionTags: ["my_agent"],
 *   policyFile: "./policy.json",
 * });
 * await tools.connect(new StdioServerTransport());
 * ```
 */
export function createToolServer(config: ToolServerConfig = {}): ToolServer {
  return createToolServerWith(config, undefined);
}

/** {@link createToolServer}, answering `tools/list` from a precomputed listing when given. @internal */
export function createToolServerWith(
  config: ToolServerConfig,
  precomputed: readonly Tool[] | undefined,
): ToolServer {
  const log = config.log ?? stderrLog;
  const privateKey = config.privateKey === undefined ? undefined : parsePrivateKey(config.privateKey);
  const policy = config.policyFile === undefined ? undefined : readPolicyFile(config.policyFile);
  const feeCurrency = parseFeeCurrency(config.feeCurrency);
  const toolTimeoutMs = config.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  if (!Number.isSafeInteger(toolTimeoutMs) || toolTimeoutMs < 100) {
    throw new InvalidToolServerConfigError({
      variable: "PREFLOW_TOOL_TIMEOUT_MS",
      value: String(toolTimeoutMs),
      rule: "must be at least 100 ms",
    });
  }
  const families = new Set<ToolFamily>(config.families ?? TOOL_FAMILIES);
  const offered = TOOL_CATALOG.filter((tool) => families.has(tool.family));
  const offeredNames = new Set(offered.map((tool) => tool.name));
  const databaseUrl = parseDatabaseUrl(config.databaseUrl);
  const redactor = createRedactor([
    config.privateKey,
    config.agentIdPrivateKey,
    config.telemetryApiKey,
    // The database URL's password and the URL with it; its location (no password) stays, refusals name it.
    ...(databaseUrl?.secrets ?? []),
  ]);

  const store = storeOpener({
    stateDir: config.stateDir ?? defaultStateDir(),
    databaseUrl: databaseUrl?.url,
  });
  const logLine = (line: string) => log(redactor.text(line));
  let loading: Promise<ToolRuntime> | undefined;
  const runtime = (): Promise<ToolRuntime> => {
    loading ??= loadRuntime({
      config,
      privateKey,
      policy,
      toolTimeoutMs,
      redactor,
      feeCurrency,
      store,
      log: logLine,
    });
    return loading;
  };
  const context: ToolContext = {
    toolTimeoutMs,
    receiptTimeoutMs: config.receiptTimeoutMs ?? toolTimeoutMs,
    hasSigner: privateKey !== undefined,
    stateDir: config.stateDir,
    feeCurrency,
    runtime,
    executions: new ExecutionRegistry(),
    store,
    log: logLine,
    redact: (text) => redactor.text(text),
  };

  const server = new Server(
    { name: "preflow-tools", title: "preflow tools (chain 42220)", version: TOOLS_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        "Tools for chain 42220 (Celo): read balances and transactions, prepare transfers, approvals and contract calls as prepared flows, execute them with the server's signer (CHAIN_PRIVATE_KEY), and check ERC-8021 attribution tags. Inputs and results are snake_case; unknown arguments are refused. Amounts are human decimal strings; results give integers as decimal strings. Prepare, then simulate_flow (show its preview and balance changes to the user), then execute only if the simulation succeeds. The same flow is sent once (force: true to send again); an answer `pending` means: ask get_flow_status, do not execute again.",
    },
  );

  let listing: Tool[] | undefined;
  let loadingTools: Promise<Map<string, ToolDefinition>> | undefined;
  const definitions = (): Promise<Map<string, ToolDefinition>> => {
    loadingTools ??= loadTools();
    return loadingTools;
  };
  let firstList = true;
  const self: ToolServer = {
    server,
    tools: Object.freeze(offered.map((tool) => tool.name)),
    toolTimeoutMs,
    async load() {
      const loaded = await runtime();
      return { sdk: loaded.sdk, signer: loaded.account?.address, rpcUrl: loaded.rpcUrl };
    },
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
    onFirstList: undefined,
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (listing === undefined) {
      const all =
        precomputed ??
        (await import("./toolListing.js")).buildToolListing([...(await definitions()).values()]);
      listing = all.filter((tool) => offeredNames.has(tool.name));
    }
    if (firstList) {
      firstList = false;
      if (self.onFirstList) setImmediate(self.onFirstList);
    }
    return { tools: listing };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = offeredNames.has(request.params.name)
      ? (await definitions()).get(request.params.name)
      : undefined;
    if (!tool) {
      const name = request.params.name;
      const known = TOOL_CATALOG.find((candidate) => candidate.name === name);
      const offeredList = offered.map((entry) => entry.name);
      return errorResult(
        new UnknownToolError({
          tool: name,
          suggestion: known ? null : nearestKey(name, offeredList),
          family: known?.family ?? null,
          families: [...families],
          offered: offeredList,
        }),
        redactor,
      );
    }
    return callTool(tool, request.params.arguments, extra);
  });

  /** Each tool's argument names, for its errors (walked on its first error). */
  const argumentNames = new Map<string, ReadonlySet<string>>();
  const languageOf = (tool: ToolDefinition) => {
    let names = argumentNames.get(tool.name);
    if (names === undefined) {
      names = argumentNamesOf(tool.input);
      argumentNames.set(tool.name, names);
    }
    return { argumentNames: names, toolTimeoutMs };
  };

  async function callTool(
    tool: ToolDefinition,
    args: unknown,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ): Promise<CallToolResult> {
    const started = Date.now();
    const margin = Math.min(1_000, Math.floor(toolTimeoutMs / 10));
    const deadline = started + toolTimeoutMs - margin;
    const progressToken = extra._meta?.progressToken;
    let answered = false;
    let last = -1;
    let lastTotal: number | undefined;
    const progress: ToolCall["progress"] = async (value, total, message) => {
      if (answered || progressToken === undefined || value <= last) return;
      last = value;
      lastTotal = total;
      try {
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken, progress: value, ...(total === undefined ? {} : { total }), message },
        });
      } catch {
        // A lost progress notification changes nothing.
      }
    };
    const heartbeat =
      progressToken === undefined
        ? undefined
        : setInterval(
            () => {
              const base = Math.max(last, 0);
              const next = base + (Math.floor(base * 2 + 1) / 2 - base) / 2;
              void progress(
                next,
                lastTotal,
                `${tool.name}: still working (${Math.round((Date.now() - started) / 1000)} s)`,
              );
            },
            Math.min(HEARTBEAT_MS, Math.max(50, Math.floor(toolTimeoutMs / 4))),
          );
    const call: ToolCall = {
      signal: extra.signal,
      deadline,
      progress,
      human: humanChannel(server, extra.requestId),
    };
    let timer: NodeJS.Timeout | undefined;
    try {
      const run = (async () => {
        const parsed = parseToolArguments(tool.name, tool.input, args);
        return tool.run(parsed, context, call);
      })();
      const expired = new Promise<"expired">((resolve) => {
        timer = setTimeout(() => resolve("expired"), Math.max(0, deadline + margin / 2 - Date.now()));
      });
      const reply = await Promise.race([run, expired]);
      if (reply === "expired") {
        run.catch(() => undefined);
        throw new ToolTimeoutError({ tool: tool.name, boundMs: toolTimeoutMs, waitsOn: tool.waitsOn });
      }
      const result = replyResult(reply, redactor);
      const checked = tool.output.safeParse(result.structuredContent);
      if (!checked.success) {
        context.log(
          `${tool.name}: result does not match its outputSchema: ${checked.error.issues[0]?.message} at ${checked.error.issues[0]?.path.join(".")}`,
        );
        return errorResult(
          new Error(
            `${tool.name} produced a result that does not match its outputSchema; this is a bug, please report it`,
          ),
          redactor,
        );
      }
      return result;
    } catch (error) {
      // The server's own errors already speak the tool's language (and quote what the caller typed).
      const result = errorResult(
        error,
        redactor,
        error instanceof ToolsError ? undefined : (described) => inToolLanguage(described, languageOf(tool)),
      );
      context.log(`${tool.name} failed: ${(result.content[0] as { text: string }).text}`);
      return result;
    } finally {
      answered = true;
      clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
    }
  }

  return self;
}
