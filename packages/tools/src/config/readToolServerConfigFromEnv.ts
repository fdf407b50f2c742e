import { InvalidConfigError } from "@preflow/core";
import type { ToolServerConfig } from "./types.js";

/**
 * The environment variables the tool server reads.
 *
 * @example
 * ```ts
 * import { TOOL_SERVER_ENV } from "@preflow/tools";
 * console.log(TOOL_SERVER_ENV.privateKey); // "CHAIN_PRIVATE_KEY"
 * ```
 */
export const TOOL_SERVER_ENV = {
  privateKey: "CHAIN_PRIVATE_KEY",
  rpcUrl: "RPC_URL",
  ethRpcUrl: "ETH_RPC_URL",
  attributionTags: "PREFLOW_ATTRIBUTION_TAGS",
  analyticsEnabled: "PREFLOW_ANALYTICS_ENABLED",
  doNotTrack: "DO_NOT_TRACK",
  telemetryApiKey: "PREFLOW_TELEMETRY_API_KEY",
  telemetryEndpoint: "PREFLOW_TELEMETRY_ENDPOINT",
  analyticsDeviceId: "PREFLOW_ANALYTICS_DEVICE_ID",
  agentIdPrivateKey: "AGENT_ID_PRIVATE_KEY",
  receiptTimeoutMs: "PREFLOW_RECEIPT_TIMEOUT_MS",
} as const;

const OFF = new Set(["", "0", "false", "no", "off"]);

function set(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/**
 * Reads a {@link ToolServerConfig} from environment variables ({@link TOOL_SERVER_ENV}). Empty variables
 * count as unset. `PREFLOW_ATTRIBUTION_TAGS` is a comma list (`my_app,builder_0123456789ab`);
 * `PREFLOW_ANALYTICS_ENABLED` accepts `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`); a truthy
 * `DO_NOT_TRACK` turns telemetry off. Keys are passed on unvalidated: {@link createToolServer} checks them.
 * Throws {@link InvalidConfigError} for an unreadable boolean or number.
 *
 * @example
 * ```ts
 * import { createToolServer, readToolServerConfigFromEnv } from "@preflow/tools";
 *
 * const server = createToolServer(readToolServerConfigFromEnv(process.env));
 * ```
 */
export function readToolServerConfigFromEnv(env: Record<string, string | undefined>): ToolServerConfig {
  const config: ToolServerConfig = {};
  const privateKey = set(env[TOOL_SERVER_ENV.privateKey]);
  if (privateKey !== undefined) config.privateKey = privateKey;
  const rpcUrl = set(env[TOOL_SERVER_ENV.rpcUrl]);
  if (rpcUrl !== undefined) config.rpcUrl = rpcUrl;
  const ethRpcUrl = set(env[TOOL_SERVER_ENV.ethRpcUrl]);
  if (ethRpcUrl !== undefined) config.ethRpcUrl = ethRpcUrl;
  const tags = set(env[TOOL_SERVER_ENV.attributionTags]);
  if (tags !== undefined) {
    config.attributionTags = tags
      .split(",")
      .map((tag) => tag.trim())
      .filter((tag) => tag !== "");
  }

  const enabled = set(env[TOOL_SERVER_ENV.analyticsEnabled]);
  if (enabled !== undefined) {
    const lower = enabled.toLowerCase();
    if (OFF.has(lower)) config.analyticsEnabled = false;
    else if (["1", "true", "yes", "on"].includes(lower)) config.analyticsEnabled = true;
    else {
      throw new InvalidConfigError({
        option: TOOL_SERVER_ENV.analyticsEnabled,
        value: JSON.stringify(enabled),
        rule: "must be true or false",
      });
    }
  }
  const doNotTrack = env[TOOL_SERVER_ENV.doNotTrack];
  if (doNotTrack !== undefined && !OFF.has(doNotTrack.trim().toLowerCase())) config.analyticsEnabled = false;

  const apiKey = set(env[TOOL_SERVER_ENV.telemetryApiKey]);
  if (apiKey !== undefined) config.telemetryApiKey = apiKey;
  const endpoint = set(env[TOOL_SERVER_ENV.telemetryEndpoint]);
  if (endpoint !== undefined) config.telemetryEndpoint = endpoint;
  const deviceId = set(env[TOOL_SERVER_ENV.analyticsDeviceId]);
  if (deviceId !== undefined) config.analyticsDeviceId = deviceId;
  const agentKey = set(env[TOOL_SERVER_ENV.agentIdPrivateKey]);
  if (agentKey !== undefined) config.agentIdPrivateKey = agentKey;

  const timeout = set(env[TOOL_SERVER_ENV.receiptTimeoutMs]);
  if (timeout !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(timeout)) {
      throw new InvalidConfigError({
        option: TOOL_SERVER_ENV.receiptTimeoutMs,
        value: JSON.stringify(timeout),
        rule: "must be a positive whole number of milliseconds",
      });
    }
    config.receiptTimeoutMs = Number(timeout);
  }
  return config;
}
