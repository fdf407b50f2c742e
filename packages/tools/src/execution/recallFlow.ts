// Stage 2 of an execution: recall what the store knows of the flow. Remembered across restarts and servers
// (loaded on first use, read again from the store); an ended execution with a pending step is first settled from
// the chain (mined since: success or reverted now). Then one pure function decides, synchronously
// ({@link recallFlow}): replay, continue, resend or new (recallExecution.ts).
import type { ExecutionCall, ExecutionContext, ExecutionRuntime } from "./executionContext.js";
import { type Recall, recallExecution } from "./recallExecution.js";
import { findExecution } from "./rememberedExecution.js";

/** Reads the flow's record into this process's registry (the store, the chain); see the file comment. @internal */
export async function readFlowRecord(parameters: {
  context: ExecutionContext;
  runtime: ExecutionRuntime;
  call: ExecutionCall;
  flowId: string;
}): Promise<void> {
  const { context, runtime, call, flowId } = parameters;
  await findExecution({ context, runtime, flowId, deadline: call.deadline, resolve: true });
}

/**
 * Decides what this call does from the record the registry holds. Synchronous on purpose: called right before the
 * attempt is opened (openAttempt), with nothing awaited in between, so of two identical calls of this process
 * exactly one opens an attempt and the other finds it (another server's call is found holding the signer's lock).
 * @internal
 */
export function recallFlow(context: ExecutionContext, flowId: string, force: boolean): Recall {
  return recallExecution(context.executions.get(flowId), force);
}
