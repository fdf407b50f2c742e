// What execute_prepared_flow and send_token do (and, through the same stages, any other way to execute a flow):
// one attempt walks the stages of executionStage.ts in order, each a function in its own file:
//
//   1. identify the flow (identifyFlow.ts)            6. recover what a stopped server left (runAttempt.ts)
//   2. recall what the store knows (recallFlow.ts):   7. reserve its spends (reserveFlowSpends.ts)
//      replay, continue, resend or new                8. write it ahead (runAttempt.ts)
//   3. check the policy (checkAttempt.ts)             9. run the steps, each written ahead (runSteps.ts)
//   4. ask for approval (checkAttempt.ts)            10. settle (settleAttempt.ts), or end otherwise (endAttempt.ts)
//   5. take the signer's queue (takeSignerQueue.ts)
//
// and the call is answered by its deadline (answerExecution.ts): the outcome, or `pending` with what is known so
// far. Every change of the record is written to the store, each step's signed bytes before they are broadcast, so
// a restart neither forgets nor repeats it. An attempt is written only once it holds the signer's lock and carries
// the record it replaces until one of its steps is on chain: one refused or stopped before it sent anything leaves
// the earlier record standing (a landed execution is never forgotten: standingExecution.ts).
import type { ToolReply } from "../schemas/toolReply.js";
import { answerExecution } from "./answerExecution.js";
import { askApproval, checkAttempt } from "./checkAttempt.js";
import { dryRunFlow } from "./dryRunFlow.js";
import type { ExecutionCall, ExecutionContext, ExecutionRuntime } from "./executionContext.js";
import { openAttempt } from "./flowAttempt.js";
import { flowSigner, identifyFlow } from "./identifyFlow.js";
import { readFlowRecord, recallFlow } from "./recallFlow.js";
import { runAttempt } from "./runAttempt.js";
import { takeSignerQueue } from "./takeSignerQueue.js";

/** Parameters of {@link executeFlow}. @internal */
export interface ExecuteFlowParameters {
  tool: string;
  context: ExecutionContext;
  runtime: ExecutionRuntime;
  call: ExecutionCall;
  /** The flow in the SDK's shape (camelCase), not yet validated. */
  flow: unknown;
  dryRun: boolean;
  force: boolean;
  /**
   * The currency the caller wants gas paid in (`fee_currency`, else `FEE_CURRENCY`): the flow must pay in it
   * (checked before anything is signed). Absent: the flow is executed paying as it says (send_token prepared it).
   */
  feeCurrency?: string;
}

/** Executes or dry-runs a flow for a tool; see the file comment. @internal */
export async function executeFlow(parameters: ExecuteFlowParameters): Promise<ToolReply> {
  const { tool, context, runtime, call, force } = parameters;
  const { flow, flowId } = identifyFlow(runtime, parameters);
  if (parameters.dryRun) return dryRunFlow({ tool, context, runtime, call, flow, flowId });

  const account = flowSigner(runtime, flow, tool);
  // The store first: one that cannot be used refuses here, typed, before anything is signed.
  const store = await context.store();
  await readFlowRecord({ context, runtime, call, flowId });
  // From the recall to the attempt's opening nothing awaits (see recallFlow).
  const recall = recallFlow(context, flowId, force);
  if (recall.kind === "replay") return answerExecution(recall.earlier, call, true, context);

  const attempt = openAttempt({ tool, context, runtime, call, account, store, flow, flowId }, recall);
  await checkAttempt(attempt);
  askApproval(attempt);
  attempt.record.done = takeSignerQueue(attempt, runAttempt);
  return answerExecution(
    attempt.record,
    call,
    false,
    context,
    attempt.continuing ? attempt.fromStep : undefined,
  );
}
