// Everything heavy the tools need, loaded on first use (or just after start-up), never at import time:
// core (and viem's chain data through it), the signer's account, the bounded client, the policy.
import { checkFeeCurrencyWithCore } from "../config/parseFeeCurrency.js";
import type { ToolServerConfig } from "../config/types.js";
import type { RawPolicy } from "../policy/readPolicyFile.js";
import type { ToolRuntime } from "../tools/context.js";
import type { Redactor } from "./redact.js";

/** Parameters of {@link loadRuntime}. @internal */
export interface LoadRuntimeParameters {
  config: ToolServerConfig;
  /** The server's signer (raw key, keystore or signer module), or undefined. */
  signer: import("../signer/serverSigner.js").ServerSigner | undefined;
  policy: RawPolicy | undefined;
  /** PREFLOW_BUDGET as read at start: parsed here (execution/loadBudget.ts), its agent checked against the signer. */
  budget?: import("../config/readBudgetFile.js").RawBudget | undefined;
  toolTimeoutMs: number;
  redactor: Redactor;
  /** `FEE_CURRENCY` as parseFeeCurrency read it (`"CELO"` by default), checked here with core's rule. */
  feeCurrency: string;
  /** The tool server's store (the ledger opens it on first use). */
  store: () => Promise<import("../store/types.js").ToolServerStore>;
  log: (line: string) => void;
}

/**
 * The per-request timeout and retries of the bounded client: a hanging RPC fails within about half the
 * tool bound (timeout × (1 + retries) + back-off), so the tool can still answer `RPC_ERROR` in time. @internal
 */
export function rpcBudget(toolTimeoutMs: number): {
  timeout: number;
  retryCount: number;
  retryDelay: number;
} {
  const timeout = Math.max(200, Math.min(10_000, Math.floor(toolTimeoutMs / 5)));
  return { timeout, retryCount: 1, retryDelay: Math.min(150, Math.floor(timeout / 10)) };
}

/** Loads the tools' runtime; throws core's `InvalidConfigError` or an `InvalidPolicyError` on bad config. @internal */
export async function loadRuntime(parameters: LoadRuntimeParameters): Promise<ToolRuntime> {
  const { config, signer, policy, toolTimeoutMs, redactor, feeCurrency, store, log } = parameters;
  const [core, viem, account, policyModule] = await Promise.all([
    import("@preflow/core"),
    import("viem"),
    // A keystore decrypts here (without holding the event loop); a wrong password does not fail the load: the
    // signing tools answer it, reads go on.
    signer?.load(),
    policy === undefined ? undefined : import("../policy/loadPolicy.js"),
  ]);
  checkFeeCurrencyWithCore(core, feeCurrency);
  const loadedBudget =
    parameters.budget === undefined
      ? undefined
      : await (await import("../execution/loadBudget.js")).loadBudget(parameters.budget, account?.address);
  const rpcUrl = config.rpcUrl ?? core.DEFAULT_RPC_URL;
  const budget = rpcBudget(toolTimeoutMs);
  const sdk = core.createSdkClient({
    rpcUrl,
    // Reads and prepares give up (RPC_ERROR) inside the tool bound, before the tool answers TOOL_TIMEOUT.
    timeoutMs: Math.max(100, budget.timeout),
    retryCount: budget.retryCount,
    ...(config.ethRpcUrl === undefined ? {} : { ethRpcUrl: config.ethRpcUrl }),
    ...(config.attributionTags === undefined ? {} : { attributionTags: config.attributionTags }),
    ...(config.analyticsEnabled === undefined ? {} : { analyticsEnabled: config.analyticsEnabled }),
    ...(config.telemetryApiKey === undefined ? {} : { telemetryApiKey: config.telemetryApiKey }),
    ...(config.telemetryEndpoint === undefined ? {} : { telemetryEndpoint: config.telemetryEndpoint }),
    ...(config.analyticsDeviceId === undefined ? {} : { analyticsDeviceId: config.analyticsDeviceId }),
    ...(config.agentIdPrivateKey === undefined ? {} : { agentIdPrivateKey: config.agentIdPrivateKey }),
    ...(account === undefined ? {} : { analyticsWalletAddress: account.address }),
    // The default of every prepare (a tool's fee_currency argument wins).
    ...(feeCurrency === "CELO" ? {} : { feeCurrency }),
  });
  redactor.add(rpcUrl);
  const client = viem.createPublicClient({
    chain: sdk.publicClient.chain,
    pollingInterval: 500,
    transport: viem.http(rpcUrl, budget),
  }) as unknown as ToolRuntime["client"];
  const loadedPolicy =
    policy === undefined || policyModule === undefined
      ? undefined
      : policyModule.loadPolicy({
          raw: policy,
          core,
          signer: account?.address,
          stateDir: config.stateDir ?? policyModule.defaultStateDir(),
          store,
          log,
        });
  return {
    core,
    sdk,
    client,
    account,
    policy: loadedPolicy,
    rpcUrl: core.redactUrl(rpcUrl),
    ...(loadedBudget === undefined ? {} : { budget: loadedBudget }),
  };
}
