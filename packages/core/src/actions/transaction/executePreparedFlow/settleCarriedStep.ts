// A step an earlier execution sent (or may have sent), met again on `resume`: looked up by its hash, never signed
// again. Bytes the node never acknowledged are sent again as they are (same hash: never a second transaction).
import type { Hash } from "viem";
import { describeFailure } from "./requests.js";
import { broadcast } from "./sendStep.js";
import { settleStep } from "./settleStep.js";
import type { StepContext } from "./stepContext.js";
import type { ExecutedStep } from "./types.js";

/**
 * Settles a carried-over step: its unacknowledged signed bytes sent again first (a node that refuses them and
 * does not know the hash fails it, `sent: false`), then its receipt looked up and waited for. @internal
 */
export async function settleCarriedStep(
  context: StepContext,
  step: ExecutedStep,
  index: number,
): Promise<void> {
  if (step.sent === true || step.signedTransaction === undefined) {
    await settleStep(context, step);
    return;
  }
  const again = await broadcast(context, step.hash as Hash, step.signedTransaction);
  if (again.sent === false) {
    step.status = "failed";
    step.sent = false;
    step.code = again.refused ? "TRANSACTION_REJECTED" : "TRANSACTION_NOT_SENT";
    step.error = `${again.refused ? "the node refused the same signed bytes again" : "could not reach the node to send the same signed bytes again"} and does not know ${step.hash}: ${describeFailure(again.lastError, context.rpcUrl)}`;
    delete step.signedTransaction;
    return;
  }
  if (again.sent === true) {
    step.sent = true;
    delete step.signedTransaction;
    await context.notify({ phase: "sent", index, total: context.total, hash: step.hash as Hash });
  }
  await settleStep(context, step, again.sent === true ? undefined : again.lastError);
}
