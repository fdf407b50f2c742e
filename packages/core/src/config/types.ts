import type { FeeCurrencyInput } from "../fees/feeCurrencies.js";

/**
 * The configuration of a preflow client (specification section 2.1). `rpcUrl` is the only required
 * property; `createSdkClient` takes a `Partial<SdkConfig>` ({@link CelinaClientOptions}) and fills defaults.
 *
 * @example
 * ```ts
 * import type { SdkConfig } from "@preflow/core";
 * const config: SdkConfig = { rpcUrl: "https://forno.celo.org", attributionTags: ["my_app"] };
 * ```
 */
export interface SdkConfig {
  /** Chain 42220 JSON-RPC URL (http or https). Default `DEFAULT_RPC_URL` (`https://forno.celo.org`). */
  rpcUrl: string;
  /** Ethereum mainnet RPC, used only for ENS resolution on network `"ethereum"`. */
  ethRpcUrl?: string;
  /** Custom ERC-8021 codes placed after the platform code `sdk` on every prepared step's calldata. */
  attributionTags?: string[];
  /** Overrides the bundled analytics project key. Never echoed. */
  telemetryApiKey?: string;
  /** Overrides the analytics batch endpoint (self-hosting, tests). */
  telemetryEndpoint?: string;
  /** Read telemetry is on by default; `false` opts out (so does `DO_NOT_TRACK=1`). */
  analyticsEnabled?: boolean;
  /** Analytics `device_id`; default: the consuming package's name, else `sdk`. */
  analyticsDeviceId?: string;
  /** Default telemetry `user_id` when a read's arguments carry no address. */
  analyticsWalletAddress?: string;
  /** Agent-identity signing key, `0x` + 64 hex (Node only). Also read from `AGENT_ID_PRIVATE_KEY`. Never echoed. */
  agentIdPrivateKey?: string;
  /** Base URL of the agent-identity REST API. Default `DEFAULT_AGENT_ID_API_BASE`. */
  agentIdApiBase?: string;
  /**
   * How long one HTTP request to `rpcUrl` (or `ethRpcUrl`) may take, in milliseconds, before it is given up
   * (and retried while retries remain). An integer from 100 to 120 000. Default `DEFAULT_TIMEOUT_MS` (10 000).
   */
  timeoutMs?: number;
  /**
   * How many times a failed request is retried (HTTP 408/429/5xx, time-outs, lost connections; never a JSON-RPC
   * error the node answered). An integer from 0 to 10. Default `DEFAULT_RETRY_COUNT` (2).
   */
  retryCount?: number;
  /**
   * The longest `Retry-After` (in milliseconds) the client waits before retrying a 429/503; an endpoint that
   * asks for longer gets no retry and the call fails at once with `RpcRateLimitedError`. An integer from 0 to
   * 60 000. Default `DEFAULT_MAX_RETRY_AFTER_MS` (5 000).
   */
  maxRetryAfterMs?: number;
  /**
   * Who pays the gas of every prepared flow unless a `prepare*` call says otherwise: `"CELO"` (the default), a
   * token symbol (`"USDm"`, `"USDC"`, `"USDT"`), a fee-currency address, `"auto"`, or `{ auto: ["USDT", "USDC", "USDm"] }` ("auto" among these only: never CELO).
   * Checked when the client is
   * created (`InvalidFeeCurrencyError`). Applies to every `prepare*`: send, approve, contract call, swaps, Aave,
   * staking and governance, each in one HTTP request whichever currency pays.
   */
  feeCurrency?: FeeCurrencyInput;
}

/**
 * The options of `createSdkClient`: every field of {@link SdkConfig} is optional.
 *
 * @example
 * ```ts
 * import { createSdkClient, type CelinaClientOptions } from "@preflow/core";
 * const options: CelinaClientOptions = { attributionTags: ["my_app"], analyticsEnabled: false };
 * const client = createSdkClient(options);
 * ```
 */
export type CelinaClientOptions = Partial<SdkConfig>;
