import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RPC_URL } from "../src/chain.js";
import {
  DEFAULT_AGENT_ID_API_BASE,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_COUNT,
  DEFAULT_TIMEOUT_MS,
  resolveConfig,
  rpcCallBoundMs,
} from "../src/config/resolveConfig.js";
import { SdkError } from "../src/errors/base.js";
import { InvalidConfigError, UnknownOptionError } from "../src/errors/config.js";

const KEY = `0x${"ab".repeat(32)}`;
const failure = (options: unknown, env: Record<string, string> = {}): InvalidConfigError => {
  try {
    resolveConfig(options as never, { env });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidConfigError);
    expect(error).toBeInstanceOf(SdkError);
    return error as InvalidConfigError;
  }
  throw new Error("accepted");
};

describe("resolveConfig", () => {
  it("bounds every RPC call well under 60 s by default; timeoutMs, retryCount, maxRetryAfterMs validated", () => {
    const { rpc } = resolveConfig(undefined, { env: {} });
    expect(rpc).toEqual({
      timeoutMs: DEFAULT_TIMEOUT_MS,
      retryCount: DEFAULT_RETRY_COUNT,
      maxRetryAfterMs: DEFAULT_MAX_RETRY_AFTER_MS,
    });
    expect(rpc).toEqual({ timeoutMs: 10_000, retryCount: 2, maxRetryAfterMs: 5_000 });
    expect(rpcCallBoundMs(rpc)).toBe(40_000);
    expect(resolveConfig({ timeoutMs: 2_000, retryCount: 0, maxRetryAfterMs: 0 }, { env: {} }).rpc).toEqual({
      timeoutMs: 2_000,
      retryCount: 0,
      maxRetryAfterMs: 0,
    });
    for (const [option, value] of [
      ["timeoutMs", 0],
      ["timeoutMs", 99],
      ["timeoutMs", 1.5],
      ["timeoutMs", "10000"],
      ["timeoutMs", Number.POSITIVE_INFINITY],
      ["timeoutMs", 120_001],
      ["retryCount", -1],
      ["retryCount", 11],
      ["retryCount", Number.NaN],
      ["maxRetryAfterMs", -1],
      ["maxRetryAfterMs", 60_001],
      ["maxRetryAfterMs", 10n],
    ] as const) {
      const error = failure({ [option]: value });
      expect(error.details.option).toBe(option);
      expect(error.message).toMatch(/must be an integer from/);
    }
  });

  it("fills defaults", () => {
    const config = resolveConfig(undefined, { env: {} });
    expect(config.rpcUrl).toBe(DEFAULT_RPC_URL);
    expect(config.attributionTags).toBeUndefined();
    expect(config.telemetry.enabled).toBe(true);
    expect(config.agentId.apiBase).toBe(DEFAULT_AGENT_ID_API_BASE);
    expect(config.agentId.privateKey).toBeUndefined();
    expect(resolveConfig({ rpcUrl: undefined }, { env: {} }).rpcUrl).toBe(DEFAULT_RPC_URL);
  });

  it("accepts every option of section 2.1 plus telemetryEndpoint", () => {
    const config = resolveConfig(
      {
        rpcUrl: "http://127.0.0.1:8545",
        ethRpcUrl: "https://eth.example.org",
        attributionTags: ["my_app", "My_App", "sdk", "other"],
        telemetryApiKey: "k",
        telemetryEndpoint: "http://127.0.0.1:9000/batch",
        analyticsEnabled: false,
        analyticsDeviceId: "my_bot",
        analyticsWalletAddress: "0x1111111111111111111111111111111111111111",
        agentIdPrivateKey: KEY,
        agentIdApiBase: "https://agents.example.org",
      },
      { env: {} },
    );
    expect(config.attributionTags).toEqual(["MY_APP", "OTHER"]);
    expect(config.telemetry.enabled).toBe(false);
    expect(config.agentId.privateKey?.reveal()).toBe(KEY);
    expect(config.ethRpcUrl).toBe("https://eth.example.org");
  });

  it("reads AGENT_ID_PRIVATE_KEY, the option taking precedence", () => {
    expect(resolveConfig({}, { env: { AGENT_ID_PRIVATE_KEY: KEY } }).agentId.privateKey?.reveal()).toBe(KEY);
    const other = `0x${"cd".repeat(32)}`;
    expect(
      resolveConfig(
        { agentIdPrivateKey: other },
        { env: { AGENT_ID_PRIVATE_KEY: KEY } },
      ).agentId.privateKey?.reveal(),
    ).toBe(other);
  });

  it("rejects bad values naming the option and the rule", () => {
    expect(failure({ rpcUrl: "ftp://x.org" }).details).toMatchObject({
      option: "rpcUrl",
      rule: "must use http or https, not ftp",
    });
    expect(failure({ rpcUrl: "not a url" }).details.option).toBe("rpcUrl");
    expect(failure({ rpcUrl: 8545 }).details.option).toBe("rpcUrl");
    expect(failure({ ethRpcUrl: "ws://x.org" }).details.option).toBe("ethRpcUrl");
    expect(failure({ agentIdApiBase: "file:///etc/passwd" }).details.option).toBe("agentIdApiBase");
    expect(failure({ telemetryEndpoint: "javascript:alert(1)" }).details.option).toBe("telemetryEndpoint");
    expect(failure({ attributionTags: "my_app" }).details.option).toBe("attributionTags");
    expect(failure({ attributionTags: [1] }).details.option).toBe("attributionTags[0]");
    expect(failure({ attributionTags: ["has space"] }).details.option).toBe("attributionTags");
    expect(failure({ analyticsEnabled: "false" }).details.option).toBe("analyticsEnabled");
    expect(failure({ analyticsDeviceId: "" }).details.option).toBe("analyticsDeviceId");
    expect(failure({ analyticsWalletAddress: "0x12" }).details.option).toBe("analyticsWalletAddress");
    expect(failure({ telemetryApiKey: 5 }).details.option).toBe("telemetryApiKey");
    expect(failure({ agentIdPrivateKey: "0x1234" }).details.option).toBe("agentIdPrivateKey");
    expect(failure({}, { AGENT_ID_PRIVATE_KEY: "nope" }).details.option).toBe(
      "AGENT_ID_PRIVATE_KEY (environment)",
    );
    expect(failure(null).details.option).toBe("(options)");
    expect(failure("https://forno.celo.org").details.option).toBe("(options)");
  });

  it("rejects unknown option names with a suggestion", () => {
    const error = failure({ rpcURL: "https://forno.celo.org" });
    expect(error).toBeInstanceOf(UnknownOptionError);
    expect(error.code).toBe("UNKNOWN_OPTION");
    expect(error.message).toMatch(/Did you mean `rpcUrl`\?/);
    expect(failure({ attributionTag: ["x"] }).message).toMatch(/`attributionTags`/);
    expect(failure({ chainId: 42220 }).message).toMatch(/Known options/);
  });

  it("never echoes a private key, an API key or URL credentials (property)", () => {
    const hexKey = fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((b) => `0x${Buffer.from(b).toString("hex")}`);
    fc.assert(
      fc.property(hexKey, fc.nat({ max: 63 }), (key, cut) => {
        const secret = key.slice(0, 2 + cut) + (cut % 2 === 0 ? "zz" : ""); // malformed variants of a key
        for (const error of [
          failure({ agentIdPrivateKey: secret }),
          failure({}, { AGENT_ID_PRIVATE_KEY: secret }),
        ]) {
          const everything = `${error.message} ${JSON.stringify(error)} ${inspect(error)}`;
          if (secret.length > 6) expect(everything).not.toContain(secret.slice(2));
        }
        const config = resolveConfig(
          { agentIdPrivateKey: key, telemetryApiKey: "tk_secret_123" },
          { env: {} },
        );
        const printed = `${JSON.stringify(config)} ${inspect(config, { depth: 10 })} ${String(config.agentId.privateKey)}`;
        expect(printed).not.toContain(key.slice(2));
        expect(printed).not.toContain("tk_secret_123");
      }),
      { numRuns: 50 },
    );
    const error = failure({
      rpcUrl: "ftp://alice:hunter2@rpc.example/v2/abcdefghij0123456789xyz?apikey=s3cret",
    });
    expect(error.message).not.toMatch(/hunter2|s3cret|abcdefghij0123456789xyz/);
    expect(failure({ telemetryApiKey: "   " }).message).not.toContain("   ");
  });
});
