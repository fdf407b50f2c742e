// The first job of createToolServer: read its configuration into settings, refusing what cannot be used before
// anything starts (the signer's source, the policy file, the fee currency, the answer bound, the database URL), and build the
// one redactor of the server's secrets.
import { parseFeeCurrency } from "../config/parseFeeCurrency.js";
import { type RawBudget, readBudgetFile } from "../config/readBudgetFile.js";
import { TOOL_FAMILIES } from "../config/readToolServerConfigFromEnv.js";
import type { ToolFamily, ToolServerConfig } from "../config/types.js";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { readPolicyFile } from "../policy/readPolicyFile.js";
import { resolveSignerSource } from "../signer/resolveSignerSource.js";
import { createServerSigner, type ServerSigner } from "../signer/serverSigner.js";
import { parseDatabaseUrl } from "../store/parseDatabaseUrl.js";
import { TOOL_CATALOG } from "../tools/catalog.generated.js";
import { createRedactor, type Redactor } from "./redact.js";

/** The default answer bound (PREFLOW_TOOL_TIMEOUT_MS). */
export const DEFAULT_TOOL_TIMEOUT_MS = 50_000;

function stderrLog(line: string): void {
  process.stderr.write(`[preflow-tools] ${line}\n`);
}

/** The server's settings, read once from its configuration. @internal */
export interface ToolServerSettings {
  log(line: string): void;
  /** The server's signer (raw key, keystore or signer module), or undefined. */
  signer: ServerSigner | undefined;
  policy: ReturnType<typeof readPolicyFile> | undefined;
  /** PREFLOW_BUDGET as read at start (parsed in full when the server loads). */
  budget: RawBudget | undefined;
  feeCurrency: string;
  toolTimeoutMs: number;
  families: Set<ToolFamily>;
  offered: typeof TOOL_CATALOG;
  offeredNames: Set<string>;
  databaseUrl: ReturnType<typeof parseDatabaseUrl>;
  redactor: Redactor;
}

/** Reads and checks the configuration; see the file comment. Throws InvalidToolServerConfigError. @internal */
export function readToolServerSettings(config: ToolServerConfig): ToolServerSettings {
  const log = config.log ?? stderrLog;
  const signerSource = resolveSignerSource(config, (line) => log(line));
  const signer = signerSource === undefined ? undefined : createServerSigner(signerSource);
  const policy = config.policyFile === undefined ? undefined : readPolicyFile(config.policyFile);
  const budget = config.budgetFile === undefined ? undefined : readBudgetFile(config.budgetFile);
  if (budget !== undefined && signer === undefined) {
    throw new InvalidToolServerConfigError({
      variable: "PREFLOW_BUDGET",
      value: config.budgetFile,
      rule: `needs the budget's agent key as the server's signer (${budget.agent}: CHAIN_KEYSTORE, CHAIN_SIGNER_MODULE or CHAIN_PRIVATE_KEY)`,
    });
  }
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
    signerSource?.kind === "keystore" ? signerSource.password : undefined,
    config.agentIdPrivateKey,
    config.telemetryApiKey,
    // The database URL's password and the URL with it; its location (no password) stays, refusals name it.
    ...(databaseUrl?.secrets ?? []),
  ]);
  return {
    log,
    signer,
    policy,
    budget,
    feeCurrency,
    toolTimeoutMs,
    families,
    offered,
    offeredNames,
    databaseUrl,
    redactor,
  };
}
