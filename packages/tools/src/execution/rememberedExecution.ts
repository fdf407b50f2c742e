// The one way the tools find an execution: open the signer's remembered executions (once, on first use: the
// first executing tool or get_flow_status), then look the flow up in the store (another server of the signer may
// have executed it since). An ended execution with a pending step is settled from the chain whenever it is read:
// on opening (every such record, in the background) and on each lookup (bounded by the call's deadline). Right
// after opening, when no other server is executing for the signer, the records a stopped server left are
// recovered (recoverExecutions.ts).
import { defaultStateDir } from "../state/defaultStateDir.js";
import type { ExecutionContext as ToolContext, ExecutionRuntime as ToolRuntime } from "./executionContext.js";
import type { ExecutionRecord } from "./executionRegistry.js";
import { openExecutionStore } from "./executionStore.js";
import { recoverExecutions } from "./recoverExecutions.js";
import { needsSettling, RESOLVE_BOUND_MS, settleFromChain } from "./settleFromChain.js";
import { settleSpends } from "./settleSpends.js";

/**
 * Loads the signer's executions from the store once; without a signer there are none. Rejects with
 * StoreUnavailableError when the store cannot be used (the next call tries again). @internal
 */
export async function openExecutions(context: ToolContext, runtime: ToolRuntime): Promise<void> {
  let opened = false;
  await context.executions.open(async () => {
    const signer = runtime.account?.address;
    if (signer === undefined) return undefined;
    const opening = await openExecutionStore({
      store: await context.store(),
      stateDir: context.stateDir ?? defaultStateDir(),
      signer,
      log: context.log,
      scrub: context.redact,
    });
    opened = true;
    return opening;
  });
  if (!opened || runtime.account === undefined) return;
  const signer = runtime.account.address;
  // Once, right after loading: the records a stopped server left are recovered when no other server is executing
  // for the signer now (the lock is tried once; each chain lookup bounded), then pending steps are looked up on
  // chain in the background.
  await context
    .store()
    .then((store) =>
      store.withSignerLock(signer, () => recoverExecutions(context, runtime), { timeoutMs: 0 }),
    )
    .catch(() => undefined);
  for (const record of context.executions.pending()) {
    void settleFromChain(record, runtime.client, Date.now() + RESOLVE_BOUND_MS).then((changed) => {
      if (changed) {
        void context.executions.changed(record);
        void settleSpends(record, runtime);
      }
    });
  }
}

/**
 * The execution of `flowId` this server remembers (since its start, or from the store), or `undefined`. With
 * `resolve`, an ended execution's pending steps are looked up by hash first. With `readOnly` (get_flow_status), a
 * store that cannot be used falls back to what this process remembers; else its StoreUnavailableError rejects.
 * @internal
 */
export async function findExecution(parameters: {
  context: ToolContext;
  runtime: ToolRuntime;
  flowId: string;
  /** Epoch ms by which the lookups give up (the steps then stay pending). */
  deadline: number;
  resolve: boolean;
  readOnly?: boolean;
}): Promise<ExecutionRecord | undefined> {
  const { context, runtime, flowId, deadline, resolve, readOnly = false } = parameters;
  let record: ExecutionRecord | undefined;
  try {
    await openExecutions(context, runtime);
    record = await context.executions.refresh(flowId);
  } catch (error) {
    record = readOnly ? context.executions.get(flowId) : undefined;
    if (!record) throw error;
  }
  if (record && resolve && needsSettling(record)) {
    if (await settleFromChain(record, runtime.client, deadline)) {
      void context.executions.changed(record);
      void settleSpends(record, runtime);
    }
  }
  return record;
}
