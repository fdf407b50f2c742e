// The one way the tools find an execution: open the signer's remembered executions (once, on first use: the
// first executing tool or get_flow_status), then look the flow up. An ended execution with a pending step (sent
// before a restart, or whose receipt did not come within the wait) is settled from the chain whenever it is read:
// on opening (every such record, in the background) and on each lookup (bounded by the call's deadline).
import { defaultStateDir } from "../state/defaultStateDir.js";
import type { ToolContext, ToolRuntime } from "../tools/context.js";
import type { ExecutionRecord } from "./executionRegistry.js";
import { openExecutionStore } from "./executionStore.js";
import { needsSettling, RESOLVE_BOUND_MS, settleFromChain } from "./settleFromChain.js";

/** Loads the signer's executions from `<stateDir>/executions.json` once; without a signer there are none. @internal */
export function openExecutions(context: ToolContext, runtime: ToolRuntime): Promise<void> {
  let opened = false;
  const opening = context.executions.open(async () => {
    opened = true;
    const signer = runtime.account?.address;
    if (signer === undefined) return undefined;
    return openExecutionStore({
      stateDir: context.stateDir ?? defaultStateDir(),
      signer,
      log: context.log,
      scrub: context.redact,
    });
  }, context.log);
  return opening.then(() => {
    // Once, right after loading: the remembered records with a pending step are looked up on chain (in the
    // background, each bounded; a lookup a tool call makes meanwhile shares it).
    if (!opened) return;
    for (const record of context.executions.pending()) {
      void settleFromChain(record, runtime.client, Date.now() + RESOLVE_BOUND_MS).then((changed) => {
        if (changed) context.executions.changed(record);
      });
    }
  });
}

/**
 * The execution of `flowId` this server remembers (since its start, or from the state directory), or
 * `undefined`. With `resolve`, an ended execution's pending steps are looked up by hash first. @internal
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
  if (record && resolve && needsSettling(record)) {
    if (await settleFromChain(record, runtime.client, deadline)) context.executions.changed(record);
  }
  return record;
}
