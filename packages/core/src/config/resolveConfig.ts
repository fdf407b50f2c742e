import { normalizeAttributionTags } from "@preflow/attribution";
import { typeName } from "@preflow/errors";
import { type Address, getAddress, type Hex, isAddress } from "viem";
import { DEFAULT_RPC_URL } from "../chain.js";
import { describeValue } from "../errors/base.js";
import { InvalidConfigError, UnknownOptionError } from "../errors/config.js";
import { type FeeCurrencyInput, resolveFeeCurrencyInput } from "../fees/feeCurrencies.js";
import { closest } from "../tokens/suggest.js";
import { parseHttpUrlOption } from "./parseHttpUrlOption.js";
import { Secret } from "./secret.js";
import type { CelinaClientOptions, SdkConfig } from "./types.js";

/**
 * The default base URL of the agent-identity REST API (`agentIdApiBase`).
 *
 * @example
 * ```ts
 * import { DEFAULT_AGENT_ID_API_BASE } from "@preflow/core";
 * console.log(DEFAULT_AGENT_ID_API_BASE); // https://agent-api.self.xyz
 * ```
 */
export const DEFAULT_AGENT_ID_API_BASE = "https://agent-api.self.xyz";

/**
 * The environment variable read for the agent-identity key when `agentIdPrivateKey` is not given.
 *
 * @example
 * ```ts
 * // AGENT_ID_PRIVATE_KEY=0x... node app.js  (read when agentIdPrivateKey is not given)
 * import { AGENT_ID_PRIVATE_KEY_ENV } from "@preflow/core";
 * console.log(AGENT_ID_PRIVATE_KEY_ENV); // "AGENT_ID_PRIVATE_KEY"
 * ```
 */
export const AGENT_ID_PRIVATE_KEY_ENV = "AGENT_ID_PRIVATE_KEY";

/**
 * The default time-out of one HTTP request to the RPC endpoint (`timeoutMs`), in milliseconds.
 *
 * @example
 * ```ts
 * import { DEFAULT_TIMEOUT_MS } from "@preflow/core";
 * console.log(DEFAULT_TIMEOUT_MS); // 10000
 * ```
 */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The default number of retries of a failed request (`retryCount`).
 *
 * @example
 * ```ts
 * import { DEFAULT_RETRY_COUNT } from "@preflow/core";
 * console.log(DEFAULT_RETRY_COUNT); // 2
 * ```
 */
export const DEFAULT_RETRY_COUNT = 2;

/**
 * The default longest `Retry-After` the client honours (`maxRetryAfterMs`), in milliseconds.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_RETRY_AFTER_MS } from "@preflow/core";
 * console.log(DEFAULT_MAX_RETRY_AFTER_MS); // 5000
 * ```
 */
export const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;

const OPTION_NAMES = [
  "rpcUrl",
  "ethRpcUrl",
  "attributionTags",
  "telemetryApiKey",
  "telemetryEndpoint",
  "analyticsEnabled",
  "analyticsDeviceId",
  "analyticsWalletAddress",
  "agentIdPrivateKey",
  "agentIdApiBase",
  "timeoutMs",
  "retryCount",
  "maxRetryAfterMs",
  "feeCurrency",
] as const satisfies readonly (keyof SdkConfig)[];

/**
 * The validated configuration of a client (`client.config`): defaults filled, tags normalized, secrets wrapped in
 * {@link Secret} so that they never print.
 *
 * @example
 * ```ts
 * import type { ResolvedConfig } from "@preflow/core";
 * const { rpcUrl, attributionTags, agentId }: ResolvedConfig = client.config;
 * ```
 */
export interface ResolvedConfig {
  readonly rpcUrl: string;
  readonly ethRpcUrl: string | undefined;
  /** Normalized tags; `undefined` when not configured (then calldata is left untouched). */
  readonly attributionTags: readonly string[] | undefined;
  readonly telemetry: {
    readonly enabled: boolean;
    readonly apiKey: Secret | undefined;
    readonly endpoint: string | undefined;
    readonly deviceId: string | undefined;
    readonly walletAddress: Address | undefined;
  };
  /** The bounds of every RPC call: `timeoutMs`, `retryCount`, `maxRetryAfterMs`. */
  readonly rpc: {
    /** One HTTP request's time-out (`timeoutMs`). */
    readonly timeoutMs: number;
    /** Retries of a failed request (`retryCount`). */
    readonly retryCount: number;
    /** The longest `Retry-After` waited for (`maxRetryAfterMs`). */
    readonly maxRetryAfterMs: number;
  };
  /**
   * The default fee currency of every `prepare*` (`feeCurrency`, validated as given; `undefined`: CELO). A call's
   * own `feeCurrency` option wins.
   */
  readonly feeCurrency: FeeCurrencyInput | undefined;
  readonly agentId: {
    /** From `agentIdPrivateKey`, else `AGENT_ID_PRIVATE_KEY`. */
    readonly privateKey: Secret<Hex> | undefined;
    readonly apiBase: string;
  };
}

/** Options of {@link resolveConfig}. @internal */
export interface ResolveConfigOptions {
  /** Environment to read `AGENT_ID_PRIVATE_KEY` from; default `process.env` when present. */
  env?: Record<string, string | undefined>;
}

function processEnv(): Record<string, string | undefined> {
  try {
    return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  } catch {
    return {};
  }
}

function integerIn(option: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidConfigError({
      option,
      value: describeValue(value),
      rule: `must be an integer from ${min} to ${max}${typeof value === "number" ? "" : `, not ${typeName(value)}`}`,
    });
  }
  return value;
}

/**
 * The longest time one RPC call of a client can take before it fails: every attempt times out after
 * `timeoutMs`, between attempts the client waits the back-off (150 ms, doubling) or a `Retry-After` of at most
 * `maxRetryAfterMs`. With the defaults: 3 × 10 s + 2 × 5 s = 40 s. @internal
 */
export function rpcCallBoundMs(rpc: ResolvedConfig["rpc"]): number {
  let backoff = 0;
  for (let count = 0; count < rpc.retryCount; count++)
    backoff += Math.max(150 * 2 ** count, rpc.maxRetryAfterMs);
  return (rpc.retryCount + 1) * rpc.timeoutMs + backoff;
}

function nonEmptyString(option: string, value: unknown, secret = false): string {
  if (typeof value !== "string")
    throw new InvalidConfigError({ option, rule: `must be a string, not ${typeName(value)}` });
  if (value.trim().length === 0) {
    throw new InvalidConfigError({
      option,
      rule: "must not be empty",
      ...(secret ? {} : { value: describeValue(value) }),
    });
  }
  return value;
}

function privateKey(option: string, value: unknown): Secret<Hex> {
  if (typeof value !== "string") {
    throw new InvalidConfigError({
      option,
      rule: `must be a string (0x followed by 64 hex digits), not ${typeName(value)}`,
    });
  }
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) {
    throw new InvalidConfigError({
      option,
      rule: `must be 0x followed by 64 hex digits (got a string of ${value.length} characters; value not shown)`,
    });
  }
  return new Secret(value as Hex);
}

/**
 * Validates `createSdkClient` options and fills defaults. Throws {@link InvalidConfigError} (or
 * {@link UnknownOptionError}) naming the option; never performs I/O; never echoes secrets. @internal
 */
export function resolveConfig(
  options: CelinaClientOptions | undefined,
  resolveOptions: ResolveConfigOptions = {},
): ResolvedConfig {
  if (options !== undefined && (typeof options !== "object" || options === null || Array.isArray(options))) {
    throw new InvalidConfigError({
      option: "(options)",
      rule: `must be an object, not ${typeName(options)}`,
    });
  }
  const given = (options ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!(OPTION_NAMES as readonly string[]).includes(name)) {
      throw new UnknownOptionError({
        option: name,
        suggestion: closest(name, OPTION_NAMES, 1)[0],
        known: OPTION_NAMES,
      });
    }
  }
  const read = (name: (typeof OPTION_NAMES)[number]): unknown => given[name];

  // A URL option: checked when given, else the fallback.
  const urlOption = <fallback extends string | undefined>(
    option: "rpcUrl" | "ethRpcUrl" | "agentIdApiBase" | "telemetryEndpoint",
    fallback: fallback,
  ): string | fallback =>
    read(option) === undefined ? fallback : parseHttpUrlOption({ option, value: read(option) });
  const rpcUrl = urlOption("rpcUrl", DEFAULT_RPC_URL);
  const ethRpcUrl = urlOption("ethRpcUrl", undefined);
  const agentIdApiBase = urlOption("agentIdApiBase", DEFAULT_AGENT_ID_API_BASE);
  const telemetryEndpoint = urlOption("telemetryEndpoint", undefined);

  let attributionTags: readonly string[] | undefined;
  const tags = read("attributionTags");
  if (tags !== undefined) {
    if (!Array.isArray(tags)) {
      throw new InvalidConfigError({
        option: "attributionTags",
        rule: `must be an array of strings, not ${typeName(tags)}`,
      });
    }
    tags.forEach((tag, index) => {
      if (typeof tag !== "string") {
        throw new InvalidConfigError({
          option: `attributionTags[${index}]`,
          rule: `must be a string, not ${typeName(tag)}`,
        });
      }
    });
    try {
      attributionTags = Object.freeze([...normalizeAttributionTags(tags as string[])]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new InvalidConfigError({
        option: "attributionTags",
        rule: message.replace(/\.$/, ""),
        cause: error,
      });
    }
  }

  const analyticsEnabled = read("analyticsEnabled");
  if (analyticsEnabled !== undefined && typeof analyticsEnabled !== "boolean") {
    throw new InvalidConfigError({
      option: "analyticsEnabled",
      value: describeValue(analyticsEnabled),
      rule: `must be a boolean, not ${typeName(analyticsEnabled)}`,
    });
  }
  const telemetryApiKey =
    read("telemetryApiKey") === undefined
      ? undefined
      : new Secret(nonEmptyString("telemetryApiKey", read("telemetryApiKey"), true));
  const analyticsDeviceId =
    read("analyticsDeviceId") === undefined
      ? undefined
      : nonEmptyString("analyticsDeviceId", read("analyticsDeviceId"));
  let analyticsWalletAddress: Address | undefined;
  const wallet = read("analyticsWalletAddress");
  if (wallet !== undefined) {
    if (typeof wallet !== "string" || !isAddress(wallet)) {
      throw new InvalidConfigError({
        option: "analyticsWalletAddress",
        value: describeValue(wallet),
        rule: "must be an address (0x + 40 hex digits, valid checksum if mixed-case)",
      });
    }
    analyticsWalletAddress = getAddress(wallet);
  }

  let agentKey: Secret<Hex> | undefined;
  if (read("agentIdPrivateKey") !== undefined) {
    agentKey = privateKey("agentIdPrivateKey", read("agentIdPrivateKey"));
  } else {
    const fromEnv = (resolveOptions.env ?? processEnv())[AGENT_ID_PRIVATE_KEY_ENV];
    if (fromEnv !== undefined && fromEnv !== "")
      agentKey = privateKey(`${AGENT_ID_PRIVATE_KEY_ENV} (environment)`, fromEnv);
  }

  const rpc = Object.freeze({
    timeoutMs: integerIn("timeoutMs", read("timeoutMs"), 100, 120_000, DEFAULT_TIMEOUT_MS),
    retryCount: integerIn("retryCount", read("retryCount"), 0, 10, DEFAULT_RETRY_COUNT),
    maxRetryAfterMs: integerIn(
      "maxRetryAfterMs",
      read("maxRetryAfterMs"),
      0,
      60_000,
      DEFAULT_MAX_RETRY_AFTER_MS,
    ),
  });

  const feeCurrencyGiven = read("feeCurrency") as FeeCurrencyInput | undefined;
  // InvalidFeeCurrencyError naming the option, before any I/O; `{ auto: [...] }` kept as a frozen copy of its
  // canonical list (a caller changing its array later changes nothing)
  const choice = resolveFeeCurrencyInput(feeCurrencyGiven, "feeCurrency");
  const feeCurrency: FeeCurrencyInput | undefined =
    choice.kind === "auto" && choice.among
      ? Object.freeze({ auto: Object.freeze([...choice.among]) })
      : feeCurrencyGiven;

  return Object.freeze({
    rpcUrl,
    ethRpcUrl,
    feeCurrency,
    rpc,
    attributionTags,
    telemetry: Object.freeze({
      enabled: analyticsEnabled ?? true,
      apiKey: telemetryApiKey,
      endpoint: telemetryEndpoint,
      deviceId: analyticsDeviceId,
      walletAddress: analyticsWalletAddress,
    }),
    agentId: Object.freeze({ privateKey: agentKey, apiBase: agentIdApiBase }),
  });
}
