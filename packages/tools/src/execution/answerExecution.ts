// The answer of an executing tool, for a new attempt and a replay alike: the record once it has ended, or `pending`
// with what is known at the call's deadline; a refusal is thrown to the caller; an execution another server ran
// meanwhile answers as a replay.
import type { ToolReply } from "../schemas/toolReply.js";
import type { ExecutionCall, ExecutionContext } from "./executionContext.js";
import { executionHeadline as outcome } from "./executionHeadline.js";
import { continueFrom, type ExecutionRecord, resendable, snapshot } from "./executionRegistry.js";

/** Resolves `"deadline"` at `deadline` (epoch ms); `clear` stops the timer. @internal */
export function until(deadline: number): { promise: Promise<"deadline">; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), Math.max(0, deadline - Date.now()));
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/** Answers with `record` by the call's deadline; see the file comment. @internal */
export async function answerExecution(
  record: ExecutionRecord,
  call: ExecutionCall,
  replayed: boolean,
  context: ExecutionContext,
  continuedFrom?: number,
): Promise<ToolReply> {
  const timer = until(call.deadline);
  await Promise.race([record.done, timer.promise]);
  timer.clear();
  if (record.refusal !== undefined) throw record.refusal;
  // Another server executed the flow meanwhile: its execution is the answer.
  if (record.adopted) return answerExecution(record.adopted, call, true, context);
  const data = snapshot(record, replayed);
  if (data.status === "pending") {
    for (const step of data.steps) {
      if (step.status === "pending" && step.hash === null)
        step.error = "being sent; its outcome is not known yet";
    }
    context.log(`flow ${record.flowId} still running at the answer bound; answered pending`);
  }
  return { data, ...outcome(data, continuedFrom, resendable(record.steps[continueFrom(record) ?? -1])) };
}
