// The second job of createToolServer: what every tool can use (the tools' context): the store opened on first use,
// the runtime (core, the signer, the policy's tokens) loaded on first use, the executions, the redacted log.
import type { ToolServerConfig } from "../config/types.js";
import { ExecutionRegistry } from "../execution/executionRegistry.js";
import { defaultStateDir } from "../state/defaultStateDir.js";
import { storeOpener } from "../store/openToolServerStore.js";
import type { ToolContext, ToolRuntime } from "../tools/context.js";
import { loadRuntime } from "./loadRuntime.js";
import type { ToolServerSettings } from "./toolServerSettings.js";

/** The tools' context for a server; see the file comment. @internal */
export function createToolContext(config: ToolServerConfig, settings: ToolServerSettings): ToolContext {
  const { signer, policy, budget, toolTimeoutMs, redactor, feeCurrency, databaseUrl } = settings;
  const store = storeOpener({
    stateDir: config.stateDir ?? defaultStateDir(),
    databaseUrl: databaseUrl?.url,
  });
  const logLine = (line: string) => settings.log(redactor.text(line));
  let loading: Promise<ToolRuntime> | undefined;
  const runtime = (): Promise<ToolRuntime> => {
    loading ??= loadRuntime({
      config,
      signer,
      policy,
      budget,
      toolTimeoutMs,
      redactor,
      feeCurrency,
      store,
      log: logLine,
    });
    return loading;
  };
  return {
    toolTimeoutMs,
    receiptTimeoutMs: config.receiptTimeoutMs ?? toolTimeoutMs,
    hasSigner: signer !== undefined,
    stateDir: config.stateDir,
    feeCurrency,
    runtime,
    executions: new ExecutionRegistry(),
    store,
    log: logLine,
    redact: (text) => redactor.text(text),
  };
}
