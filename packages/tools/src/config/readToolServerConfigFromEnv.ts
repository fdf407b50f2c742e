import { InvalidToolServerConfigError } from "../errors/config.js";
import type { ToolFamily, ToolServerConfig } from "./types.js";

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
  keystore: "CHAIN_KEYSTORE",
  keystorePasswordFile: "CHAIN_KEYSTORE_PASSWORD_FILE",
  keystoreAddress: "CHAIN_KEYSTORE_ADDRESS",
  signerModule: "CHAIN_SIGNER_MODULE",
  refuseRawKey: "PREFLOW_REFUSE_RAW_KEY",
  rpcUrl: "RPC_URL",
  ethRpcUrl: "ETH_RPC_URL",
  attributionTags: "PREFLOW_ATTRIBUTION_TAGS",
  analyticsEnabled: "PREFLOW_ANALYTICS_ENABLED",
  doNotTrack: "DO_NOT_TRACK",
  telemetryApiKey: "PREFLOW_TELEMETRY_API_KEY",
  telemetryEndpoint: "PREFLOW_TELEMETRY_ENDPOINT",
  analyticsDeviceId: "PREFLOW_ANALYTICS_DEVICE_ID",
  agentIdPrivateKey: "AGENT_ID_PRIVATE_KEY",
  toolTimeoutMs: "PREFLOW_TOOL_TIMEOUT_MS",
  receiptTimeoutMs: "PREFLOW_RECEIPT_TIMEOUT_MS",
  families: "PREFLOW_TOOLS",
  policyFile: "PREFLOW_POLICY",
  budgetFile: "PREFLOW_BUDGET",
  stateDir: "PREFLOW_STATE_DIR",
  databaseUrl: "PREFLOW_DATABASE_URL",
  feeCurrency: "FEE_CURRENCY",
} as const;

/**
 * The environment variable behind each `createSdkClient` option the server sets from one: what start-up
 * errors and tool errors say instead of the option's name. @internal
 */
export const ENV_OF_SDK_OPTION: Readonly<Record<string, string>> = {
  rpcUrl: TOOL_SERVER_ENV.rpcUrl,
  ethRpcUrl: TOOL_SERVER_ENV.ethRpcUrl,
  attributionTags: TOOL_SERVER_ENV.attributionTags,
  analyticsEnabled: TOOL_SERVER_ENV.analyticsEnabled,
  telemetryApiKey: TOOL_SERVER_ENV.telemetryApiKey,
  telemetryEndpoint: TOOL_SERVER_ENV.telemetryEndpoint,
  analyticsDeviceId: TOOL_SERVER_ENV.analyticsDeviceId,
  agentIdPrivateKey: TOOL_SERVER_ENV.agentIdPrivateKey,
  feeCurrency: TOOL_SERVER_ENV.feeCurrency,
};

/** Every tool family, in listing order. @internal */
export const TOOL_FAMILIES: readonly ToolFamily[] = ["read", "prepare", "inspect", "execute"];

const OFF = new Set(["", "0", "false", "no", "off"]);

function set(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function milliseconds(variable: string, value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) {
    throw new InvalidToolServerConfigError({
      variable,
      value,
      rule: "must be a positive whole number of milliseconds",
    });
  }
  return Number(value);
}

/**
 * Reads a {@link ToolServerConfig} from environment variables ({@link TOOL_SERVER_ENV}). Empty variables
 * count as unset; `FEE_CURRENCY` is checked by {@link createToolServer}. `PREFLOW_ATTRIBUTION_TAGS` and `PREFLOW_TOOLS` are comma lists;
 * `PREFLOW_ANALYTICS_ENABLED` accepts `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`); a truthy
 * `DO_NOT_TRACK` turns telemetry off. Keys are passed on unvalidated: {@link createToolServer} checks them.
 * Throws {@link InvalidToolServerConfigError} naming the variable of an unreadable value. No I/O.
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
  const keystore = set(env[TOOL_SERVER_ENV.keystore]);
  if (keystore !== undefined) config.keystore = keystore;
  const passwordFile = set(env[TOOL_SERVER_ENV.keystorePasswordFile]);
  if (passwordFile !== undefined) config.keystorePasswordFile = passwordFile;
  const keystoreAddress = set(env[TOOL_SERVER_ENV.keystoreAddress]);
  if (keystoreAddress !== undefined) config.keystoreAddress = keystoreAddress;
  const signerModule = set(env[TOOL_SERVER_ENV.signerModule]);
  if (signerModule !== undefined) config.signerModule = signerModule;
  const refuseRawKey = set(env[TOOL_SERVER_ENV.refuseRawKey]);
  if (refuseRawKey !== undefined) {
    const lower = refuseRawKey.toLowerCase();
    if (OFF.has(lower)) config.refuseRawKey = false;
    else if (["1", "true", "yes", "on"].includes(lower)) config.refuseRawKey = true;
    else {
      throw new InvalidToolServerConfigError({
        variable: TOOL_SERVER_ENV.refuseRawKey,
        value: refuseRawKey,
        rule: "must be 1 or 0",
      });
    }
  }
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
      throw new InvalidToolServerConfigError({
        variable: TOOL_SERVER_ENV.analyticsEnabled,
        value: enabled,
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

  const toolTimeout = set(env[TOOL_SERVER_ENV.toolTimeoutMs]);
  if (toolTimeout !== undefined)
    config.toolTimeoutMs = milliseconds(TOOL_SERVER_ENV.toolTimeoutMs, toolTimeout);
  const receiptTimeout = set(env[TOOL_SERVER_ENV.receiptTimeoutMs]);
  if (receiptTimeout !== undefined) {
    config.receiptTimeoutMs = milliseconds(TOOL_SERVER_ENV.receiptTimeoutMs, receiptTimeout);
  }

  const families = set(env[TOOL_SERVER_ENV.families]);
  if (families !== undefined) {
    const list = families
      .split(",")
      .map((family) => family.trim().toLowerCase())
      .filter((family) => family !== "");
    for (const family of list) {
      if (!(TOOL_FAMILIES as readonly string[]).includes(family)) {
        throw new InvalidToolServerConfigError({
          variable: TOOL_SERVER_ENV.families,
          value: family,
          rule: `must be a comma list of ${TOOL_FAMILIES.join(", ")}`,
        });
      }
    }
    config.families = [...new Set(list)] as ToolFamily[];
  }
  const policyFile = set(env[TOOL_SERVER_ENV.policyFile]);
  if (policyFile !== undefined) config.policyFile = policyFile;
  const budgetFile = set(env[TOOL_SERVER_ENV.budgetFile]);
  if (budgetFile !== undefined) config.budgetFile = budgetFile;
  const stateDir = set(env[TOOL_SERVER_ENV.stateDir]);
  if (stateDir !== undefined) config.stateDir = stateDir;
  const databaseUrl = set(env[TOOL_SERVER_ENV.databaseUrl]);
  if (databaseUrl !== undefined) config.databaseUrl = databaseUrl;
  const feeCurrency = set(env[TOOL_SERVER_ENV.feeCurrency]);
  if (feeCurrency !== undefined) config.feeCurrency = feeCurrency;
  return config;
}
