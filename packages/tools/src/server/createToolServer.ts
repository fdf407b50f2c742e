import {
  type CallToolResult,
  type InputRequiredResult,
  Server,
  type ServerContext,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/server";
import { nearestKey } from "@preflow/errors";
import { humanChannel } from "../approval/humanChannel.js";
import type { ToolFamily, ToolServerConfig } from "../config/types.js";
import { ApprovalExpiredError, refusedBeforeSigning } from "../errors/approval.js";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { UnknownToolError } from "../errors/input.js";
import { defaultStateDir } from "../state/defaultStateDir.js";
import { TOOL_CATALOG } from "../tools/catalog.generated.js";
import type { ToolDefinition } from "../tools/context.js";
import { callTool } from "./callTool.js";
import { APP_ONLY_TOOLS, FLOW_VIEW_RESOURCE, rendersApps } from "./flowViewResource.js";
import { InputRounds, type RoundState } from "./inputRounds.js";
import { createModernRounds, type ModernRounds } from "./modernRounds.js";
import { errorResult } from "./toolResult.js";
import { createToolContext } from "./toolServerContext.js";
import { readToolServerSettings } from "./toolServerSettings.js";
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
export { DEFAULT_TOOL_TIMEOUT_MS } from "./toolServerSettings.js";

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
  /** The signer's address, or `undefined` without a signer (or a keystore whose address is not known yet). */
  readonly signer: `0x${string}` | undefined;
  /** The RPC endpoint in use, with credentials redacted. */
  readonly rpcUrl: string;
}

/**
 * A tool server made by {@link createToolServer}: one set of tools, one signer queue, one store, served to any number
 * of MCP connections of either protocol era (`createServer` is the factory `serveStdio` and `createMcpHandler` of
 * `@modelcontextprotocol/server` take).
 *
 * @example
 * ```ts
 * import { createToolServer, type ToolServer } from "@preflow/tools";
 * const tools: ToolServer = createToolServer({ analyticsEnabled: false, families: ["read"] });
 * console.log(tools.tools); // the read tools
 * ```
 */
export interface ToolServer {
  /**
   * A new MCP server instance (from `@modelcontextprotocol/server`) over this tool server's tools, state and signer:
   * the factory to pass to `serveStdio(factory, { legacy: "serve" })` or `createMcpHandler(factory)`.
   */
  createServer(): Server;
  /** The names of the tools offered (the configured families), in listing order. */
  readonly tools: readonly string[];
  /** The answer bound in ms. */
  readonly toolTimeoutMs: number;
  /**
   * Loads core, the signer and the policy's tokens (the first tool call does it too). Rejects with the
   * configuration error (`INVALID_CONFIG`, `INVALID_POLICY`...) when the configuration cannot be used.
   */
  load(): Promise<ToolServerRuntime>;
  /** Connects a new MCP server instance to a transport (a hand-wired 2025-era connection) and starts serving. */
  connect(transport: Transport): Promise<void>;
  /** Closes every instance connected with {@link ToolServer.connect}. */
  close(): Promise<void>;
  /** Called once after the first `tools/list` was answered (the binary starts loading then). */
  onFirstList?: (() => void) | undefined;
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
 * import { serveStdio } from "@modelcontextprotocol/server/stdio";
 * import { createToolServer } from "@preflow/tools";
 *
 * const tools = createToolServer({
 *   privateKey: process.env.CHAIN_PRIVATE_KEY,
 *   rpcUrl: "https://forno.celo.org",
 *   attributionTags: ["my_agent"],
 *   policyFile: "./policy.json",
 * });
 * serveStdio(() => tools.createServer(), { legacy: "serve" }); // 2025 and 2026-07-28 clients
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
  const settings = readToolServerSettings(config);
  const { offered, offeredNames, redactor, toolTimeoutMs } = settings;
  const context = createToolContext(config, settings);

  const modern = createModernRounds({
    stateDir: config.stateDir ?? defaultStateDir(),
    toolTimeoutMs,
    context,
  });
  const caller = { context, redactor, toolTimeoutMs, signer: settings.signer };

  let listing: Tool[] | undefined;
  let loadingTools: Promise<Map<string, ToolDefinition>> | undefined;
  const definitions = (): Promise<Map<string, ToolDefinition>> => {
    loadingTools ??= loadTools();
    return loadingTools;
  };
  let firstList = true;
  const connected = new Set<Server>();

  const createServer = (): Server => {
    const server = new Server(
      { name: "preflow-tools", title: "preflow tools (chain 42220)", version: TOOLS_VERSION },
      {
        capabilities: { tools: {}, resources: {} },
        instructions: INSTRUCTIONS,
        requestState: { verify: modern.verify },
      },
    );
    // The client renders MCP Apps when its capabilities (2025: `initialize`; 2026-07-28: each request's envelope)
    // declare the extension: only then is the app-only approve_flow listed and callable.
    const apps = (ctx: ServerContext): boolean =>
      rendersApps(
        InputRounds.isModern(ctx)
          ? ctx.mcpReq.envelope?.["io.modelcontextprotocol/clientCapabilities" as never]
          : server.getClientCapabilities(),
      );
    server.setRequestHandler("tools/list", async (_request, ctx) => {
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
      return { tools: apps(ctx) ? listing : listing.filter((tool) => !APP_ONLY_TOOLS.has(tool.name)) };
    });
    server.setRequestHandler("resources/list", async () => ({ resources: [FLOW_VIEW_RESOURCE] }));
    server.setRequestHandler("resources/read", async (request) =>
      (await import("./readResource.js")).readResource(request.params.uri),
    );
    server.setRequestHandler(
      "tools/call",
      async (request, ctx): Promise<CallToolResult | InputRequiredResult> => {
        const name = request.params.name;
        const offeredHere = offeredNames.has(name) && (!APP_ONLY_TOOLS.has(name) || apps(ctx));
        const tool = offeredHere ? (await definitions()).get(name) : undefined;
        if (!tool) return unknownToolResult(name, settings);
        return answerToolCall({
          server,
          tool,
          args: request.params.arguments,
          ctx,
          caller,
          modern,
          apps: apps(ctx),
        });
      },
    );
    return server;
  };

  const self: ToolServer = {
    createServer,
    tools: Object.freeze(offered.map((tool) => tool.name)),
    toolTimeoutMs,
    async load() {
      const loaded = await context.runtime();
      return { sdk: loaded.sdk, signer: loaded.account?.address, rpcUrl: loaded.rpcUrl };
    },
    async connect(transport) {
      const server = createServer();
      connected.add(server);
      await server.connect(transport);
    },
    async close() {
      await Promise.all([...connected].map((server) => server.close()));
      connected.clear();
    },
    onFirstList: undefined,
  };
  return self;
}

/** The answer to a tool the server does not offer: which family has it, or the nearest offered name. */
function unknownToolResult(
  name: string,
  settings: ReturnType<typeof readToolServerSettings>,
): CallToolResult {
  const { offered, families, redactor } = settings;
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

/**
 * Runs an offered tool in the caller's era: for a 2025 client its question is a real `elicitation/create` through
 * the connection; for a 2026-07-28 client the same call's question is answered `input_required` and resumed by
 * the client's retry (a retry whose question is gone is `APPROVAL_EXPIRED`).
 */
async function answerToolCall(parameters: {
  server: Server;
  tool: ToolDefinition;
  args: Record<string, unknown> | undefined;
  ctx: ServerContext;
  caller: Parameters<typeof callTool>[0];
  modern: ModernRounds;
  /** Whether the client renders the flow view (an approval it cannot ask is offered there). */
  apps: boolean;
}): Promise<CallToolResult | InputRequiredResult> {
  const { server, tool, args, ctx, caller, modern, apps } = parameters;
  if (!InputRounds.isModern(ctx))
    return callTool(caller, tool, args, {
      ctx,
      signal: ctx.mcpReq.signal,
      human: humanChannel(server, ctx.mcpReq.id),
      apps,
    });
  await modern.refreshSigner();
  const state = ctx.mcpReq.requestState<RoundState>();
  if (state !== undefined) {
    return modern.rounds.resume(tool.name, state, ctx, () =>
      errorResult(
        refusedBeforeSigning(
          new ApprovalExpiredError({
            flowId: state.subjectId,
            approvalId: state.approvalId,
            waitedMs: caller.toolTimeoutMs,
          }),
        ),
        caller.redactor,
      ),
    );
  }
  return modern.rounds.start(tool.name, ctx, (signal, human) =>
    callTool(caller, tool, args, { ctx, signal, human, apps }),
  );
}

const INSTRUCTIONS =
  "Tools for chain 42220 (Celo): read balances and transactions, prepare transfers, approvals and contract calls as prepared flows, execute them with the server's signer, and check ERC-8021 attribution tags. Inputs and results are snake_case; unknown arguments are refused. Amounts are human decimal strings; results give integers as decimal strings. Prepare, then simulate_flow (show its preview and balance changes to the user), then execute only if the simulation succeeds. The same flow is sent once (force: true to send again); an answer `pending` means: ask get_flow_status, do not execute again.";
