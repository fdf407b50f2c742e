// Stages 5 to 10 of an execution, holding the signer's lock, in order: recover what a stopped server left, answer
// with another server's execution of the flow if there is one, reserve the spends, confirm the approval, write the
// attempt ahead, run the steps, settle.
import { confirmApproval } from "../approval/confirmApproval.js";
import { StoreUnavailableError } from "../errors/store.js";
import { adoptExecution, finishAttempt } from "./endAttempt.js";
import { sentAny } from "./executionRegistry.js";
import { enterStage, type FlowAttempt } from "./flowAttempt.js";
import { recoverExecutions } from "./recoverExecutions.js";
import { reserveFlowSpends } from "./reserveFlowSpends.js";
import { runSteps } from "./runSteps.js";
import { settleAttempt } from "./settleAttempt.js";

/** Runs the attempt in the signer's queue; see the file comment. Throws what ends it as failAttempt reads it. @internal */
export async function runAttempt(attempt: FlowAttempt): Promise<void> {
  const { tool, context, runtime, flowId } = attempt;
  enterStage(attempt, "queued");
  if (attempt.call.signal.aborted) {
    finishAttempt(attempt, "cancelled", "cancelled");
    context.log(`${tool}: flow ${flowId} cancelled before its first step; nothing sent`);
    return;
  }
  // Holding the lock no other server executes for the signer: what a stopped one left is recovered first (its
  // signed steps settled or sent again from their stored bytes), so nonces follow on.
  enterStage(attempt, "recovering");
  await recoverExecutions(context, runtime);
  if (await adoptedElsewhere(attempt)) return;
  const policy = await reserveFlowSpends(
    runtime,
    attempt.flow,
    flowId,
    attempt.record.attempt as string,
    attempt.firstNew,
  );
  enterStage(attempt, "reserved");
  await confirmApproval({ context, grant: await attempt.approval, flow: attempt.flow });
  await writeAttempt(attempt);
  const result = await runSteps(attempt, policy);
  if (result !== undefined) await settleAttempt(attempt, result);
}

/** Another server executed this flow since it was read: its execution is the answer, nothing is sent. */
async function adoptedElsewhere(attempt: FlowAttempt): Promise<boolean> {
  const stored = await attempt.context.executions.readStored(attempt.flowId);
  if (!stored || stored.attempt === attempt.earlier?.attempt) return false;
  if (stored.state === "done" && !sentAny(stored)) return false;
  adoptExecution(attempt, stored);
  return true;
}

/** Writes the attempt's record (holding the lock): from here on a restart knows it; a store that fails refuses. */
async function writeAttempt(attempt: FlowAttempt): Promise<void> {
  const { tool, context, flowId, fromStep, record } = attempt;
  attempt.written = true;
  if (!(await context.executions.changed(record))) {
    throw new StoreUnavailableError({
      location: attempt.store.location,
      reason: "the execution could not be written",
      remedy: "Check the store (see the server's log) and try again.",
    });
  }
  enterStage(attempt, "written");
  if (attempt.continuing) {
    const total = record.steps.length;
    context.log(
      `${tool}: flow ${flowId} continued from step ${fromStep + 1}/${total}; steps before it are looked up, not sent again${attempt.resent ? `; step ${fromStep + 1}'s signed bytes are sent again (same hash)` : ""}`,
    );
  }
}
