import { describe, expect, it } from "vitest";
import { readToolServerConfigFromEnv } from "../src/config/readToolServerConfigFromEnv.js";
import { InvalidToolServerConfigError } from "../src/errors/config.js";

describe("readToolServerConfigFromEnv", () => {
  it("reads every variable, treating empty ones as unset", () => {
    expect(readToolServerConfigFromEnv({})).toEqual({});
    expect(readToolServerConfigFromEnv({ CHAIN_PRIVATE_KEY: " ", RPC_URL: "" })).toEqual({});
    expect(
      readToolServerConfigFromEnv({
        CHAIN_PRIVATE_KEY: "0xkey",
        RPC_URL: "http://127.0.0.1:8545",
        PREFLOW_ATTRIBUTION_TAGS: " my_app, ,builder_0123456789ab ",
        PREFLOW_ANALYTICS_ENABLED: "true",
        PREFLOW_TELEMETRY_API_KEY: "k",
        PREFLOW_TELEMETRY_ENDPOINT: "http://127.0.0.1:1/batch",
        PREFLOW_ANALYTICS_DEVICE_ID: "my_agent",
        AGENT_ID_PRIVATE_KEY: "0xagent",
        PREFLOW_RECEIPT_TIMEOUT_MS: "5000",
        PREFLOW_TOOL_TIMEOUT_MS: "20000",
        PREFLOW_TOOLS: "read, Inspect,read",
        PREFLOW_POLICY: "/etc/preflow/policy.json",
        PREFLOW_STATE_DIR: "/var/lib/preflow",
      }),
    ).toEqual({
      privateKey: "0xkey",
      rpcUrl: "http://127.0.0.1:8545",
      attributionTags: ["my_app", "builder_0123456789ab"],
      analyticsEnabled: true,
      telemetryApiKey: "k",
      telemetryEndpoint: "http://127.0.0.1:1/batch",
      analyticsDeviceId: "my_agent",
      agentIdPrivateKey: "0xagent",
      receiptTimeoutMs: 5000,
      toolTimeoutMs: 20000,
      families: ["read", "inspect"],
      policyFile: "/etc/preflow/policy.json",
      stateDir: "/var/lib/preflow",
    });
  });

  it("reads the signer's sources: keystore, password file, address, module, and PREFLOW_REFUSE_RAW_KEY", () => {
    expect(
      readToolServerConfigFromEnv({
        CHAIN_KEYSTORE: " /home/me/.foundry/keystores/agent ",
        CHAIN_KEYSTORE_PASSWORD_FILE: "/home/me/.agent-password",
        CHAIN_KEYSTORE_ADDRESS: "0x876d66DB30a3CB1fA6729039c7F487b82c158AfD",
        CHAIN_SIGNER_MODULE: "./kms.mjs",
        PREFLOW_REFUSE_RAW_KEY: "1",
      }),
    ).toEqual({
      keystore: "/home/me/.foundry/keystores/agent",
      keystorePasswordFile: "/home/me/.agent-password",
      keystoreAddress: "0x876d66DB30a3CB1fA6729039c7F487b82c158AfD",
      signerModule: "./kms.mjs",
      refuseRawKey: true,
    });
    expect(readToolServerConfigFromEnv({ PREFLOW_REFUSE_RAW_KEY: "0" }).refuseRawKey).toBe(false);
    expect(() => readToolServerConfigFromEnv({ PREFLOW_REFUSE_RAW_KEY: "sure" })).toThrow(
      /PREFLOW_REFUSE_RAW_KEY/,
    );
  });

  it("turns telemetry off with PREFLOW_ANALYTICS_ENABLED=false or DO_NOT_TRACK", () => {
    expect(readToolServerConfigFromEnv({ PREFLOW_ANALYTICS_ENABLED: "false" }).analyticsEnabled).toBe(false);
    expect(readToolServerConfigFromEnv({ PREFLOW_ANALYTICS_ENABLED: "OFF" }).analyticsEnabled).toBe(false);
    expect(
      readToolServerConfigFromEnv({ DO_NOT_TRACK: "1", PREFLOW_ANALYTICS_ENABLED: "true" }).analyticsEnabled,
    ).toBe(false);
    expect(readToolServerConfigFromEnv({ DO_NOT_TRACK: "0" }).analyticsEnabled).toBeUndefined();
  });

  it("names the variable of an unreadable value", () => {
    expect(() => readToolServerConfigFromEnv({ PREFLOW_ANALYTICS_ENABLED: "maybe" })).toThrow(
      InvalidToolServerConfigError,
    );
    expect(() => readToolServerConfigFromEnv({ PREFLOW_ANALYTICS_ENABLED: "maybe" })).toThrow(
      /PREFLOW_ANALYTICS_ENABLED/,
    );
    expect(() => readToolServerConfigFromEnv({ PREFLOW_RECEIPT_TIMEOUT_MS: "-5" })).toThrow(
      /PREFLOW_RECEIPT_TIMEOUT_MS/,
    );
    expect(() => readToolServerConfigFromEnv({ PREFLOW_TOOL_TIMEOUT_MS: "soon" })).toThrow(
      /PREFLOW_TOOL_TIMEOUT_MS/,
    );
    expect(() => readToolServerConfigFromEnv({ PREFLOW_TOOLS: "read,write" })).toThrow(
      /PREFLOW_TOOLS.*"write".*read, prepare, inspect, execute/,
    );
  });
});
