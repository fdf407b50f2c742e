import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { createSdkClient, DEFAULT_RPC_URL, redactUrl, type SdkClient } from "@preflow/core";
import type { Address, Hex, PrivateKeyAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ToolServerConfig } from "../config/types.js";
import { InvalidPrivateKeyError } from "../errors/signer.js";
import type { ToolContext } from "../tools/context.js";
import { TOOLS } from "../tools/registry.js";
import { createRedactor } from "./redact.js";
import { errorResult, replyResult } from "./toolResult.js";
import { TOOLS_VERSION } from "./version.js";

/**
 * The names of the tools the server offers, in listing order.
 *
 * @example
 * ```ts
 * import { TOOL_NAMES } from "@preflow/tools";
 * TOOL_NAMES.includes("send_token"); // true
 * ```
 */
export const TOOL_NAMES: readonly string[] = Object.freeze(TOOLS.map((tool) => tool.name));

/**
 * A tool server made by {@link createToolServer}: the MCP server, ready to be connected to a transport.
 *
 * @example
 * ```ts
 * import { createToolServer, type ToolServer } from "@preflow/tools";
 * const tools: ToolServer = createToolServer({ analyticsEnabled: false });
 * console.log(tools.signer ?? "read-only");
 * ```
 */
export interface ToolServer {
  /** The MCP server (from `@modelcontextprotocol/sdk`). */
  readonly server: McpServer;
  /** The preflow client the tools read and prepare with. */
  readonly sdk: SdkClient;
  /** The signer's address, or `undefined` without a private key. */
  readonly signer: Address | undefined;
  /** The RPC endpoint in use, with credentials redacted. */
  readonly rpcUrl: string;
  /** The tool names, in listing order. */
  readonly tools: readonly string[];
  /** Connects the server to a transport (for example `StdioServerTransport`) and starts serving. */
  connect(transport: Transport): Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
}

const KEY = /^0x[0-9a-fA-F]{64}$/;

function parsePrivateKey(value: string): PrivateKeyAccount {
  const variable = "CHAIN_PRIVATE_KEY";
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? `0x${value}` : value;
  if (!KEY.test(key)) {
    throw new InvalidPrivateKeyError({
      variable,
      length: value.length,
      rule: "must be 0x followed by 64 hex digits",
    });
  }
  try {
    return privateKeyToAccount(key as Hex);
  } catch {
    throw new InvalidPrivateKeyError({
      variable,
      length: value.length,
      rule: "is not a valid secp256k1 private key (zero or not below the curve order)",
    });
  }
}

function stderrLog(line: string): void {
  process.stderr.write(`[preflow-tools] ${line}\n`);
}

/**
 * Creates the preflow MCP tool server: 14 tools (reads, `resolve_ens`, `prepare_*`, `execute_prepared_flow`, `send_token`,
 * `check_attribution_tag`, `verify_attribution_tag`) over a `createSdkClient` client whose telemetry
 * `analyticsWalletAddress` is the signer. Validates everything before any I/O and throws
 * {@link InvalidPrivateKeyError} (never echoing the key) or core's `InvalidConfigError`. Tool failures never
 * throw: they come back as `isError: true` results with `CODE: message` text, and the server keeps serving.
 * Every result and log line is scrubbed of the configured secrets.
 *
 * The `preflow-tools` binary is this function over `StdioServerTransport`, configured from the environment
 * with {@link readToolServerConfigFromEnv}.
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
 * });
 * await tools.connect(new StdioServerTransport());
 * ```
 */
export function createToolServer(config: ToolServerConfig = {}): ToolServer {
  const log = config.log ?? stderrLog;
  const account = config.privateKey === undefined ? undefined : parsePrivateKey(config.privateKey);
  const redactor = createRedactor([config.privateKey, config.agentIdPrivateKey, config.telemetryApiKey]);
  const rpcUrl = config.rpcUrl ?? DEFAULT_RPC_URL;
  const sdk = createSdkClient({
    rpcUrl,
    ...(config.ethRpcUrl === undefined ? {} : { ethRpcUrl: config.ethRpcUrl }),
    ...(config.attributionTags === undefined ? {} : { attributionTags: config.attributionTags }),
    ...(config.analyticsEnabled === undefined ? {} : { analyticsEnabled: config.analyticsEnabled }),
    ...(config.telemetryApiKey === undefined ? {} : { telemetryApiKey: config.telemetryApiKey }),
    ...(config.telemetryEndpoint === undefined ? {} : { telemetryEndpoint: config.telemetryEndpoint }),
    ...(config.analyticsDeviceId === undefined ? {} : { analyticsDeviceId: config.analyticsDeviceId }),
    ...(config.agentIdPrivateKey === undefined ? {} : { agentIdPrivateKey: config.agentIdPrivateKey }),
    ...(account === undefined ? {} : { analyticsWalletAddress: account.address }),
  });

  const context: ToolContext = {
    sdk,
    account,
    receiptTimeoutMs: config.receiptTimeoutMs ?? 120_000,
    log: (line) => log(redactor.text(line)),
  };
  const server = new McpServer(
    { name: "preflow-tools", title: "preflow tools (chain 42220)", version: TOOLS_VERSION },
    {
      instructions:
        "Tools for chain 42220 (Celo): read balances and transactions, prepare transfers, approvals and contract calls as prepared flows, execute them with the server's signer (CHAIN_PRIVATE_KEY), and check ERC-8021 attribution tags. Amounts are human decimal strings; results give integers as decimal strings. Prepare, optionally execute with dry_run: true, then execute.",
    },
  );

  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
      },
      (async (args: Record<string, unknown>, extra: Parameters<typeof tool.run>[2]) => {
        try {
          return replyResult(await tool.run(args, context, extra), redactor);
        } catch (error) {
          const result = errorResult(error, redactor);
          context.log(`${tool.name} failed: ${(result.content[0] as { text: string }).text}`);
          return result;
        }
      }) as never,
    );
  }

  return {
    server,
    sdk,
    signer: account?.address,
    rpcUrl: redactUrl(rpcUrl),
    tools: TOOL_NAMES,
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
  };
}
