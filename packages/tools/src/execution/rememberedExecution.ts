// The one way the tools find an execution: open the signer's remembered executions (once, on first use: the
// first executing tool or get_flow_status), then look the flow up; an execution interrupted by a restart has
// its pending steps looked up on chain first (bounded by the call's deadline).
import { defaultStateDir } from "../state/defaultStateDir.js";
import type { ToolContext, ToolRuntime } from "../tools/context.js";
import type { ExecutionRecord } from "./executionRegistry.js";
import { openExecutionStore } from "./executionStore.js";
import { needsResolving, resolveInterrupted } from "./interruptedExecution.js";

/** Loads the signer's executions from `<stateDir>/executions.json` once; without a signer there are none. @internal */
export function openExecutions(context: ToolContext, runtime: ToolRuntime): Promise<void> {
  return context.executions.open(async () => {
    const signer = runtime.account?.address;
    if (signer === undefined) return undefined;
    return openExecutionStore({
      stateDir: context.stateDir ?? defaultStateDir(),
      signer,
      log: context.log,
      scrub: context.redact,
    });
  }, context.log);
}

/**
 * The execution of `flowId` this server remembers (since its start, or from the state directory), or
 * `undefined`. With `resolve`, an interrupted execution's pending steps are looked up by hash first. @internal
 */
export async function findExecution(parameters: {
  context: ToolContext;
  runtime: ToolRuntime;
  flowId: string;
  /** Epoch ms by which the lookups give up (the steps then stay pending). */
  deadline: number;
  resolve: boolean;
}): Promise<ExecutionRecord | undefined> {
  const { context, runtime, flowId, deadline, resolve } = parameters;
  await openExecutions(context, runtime);
  const record = context.executions.get(flowId);
  if (record && resolve && needsResolving(record)) {
    if (await resolveInterrupted(record, runtime.client, deadline)) context.executions.changed(record);
  }
  return record;
}
