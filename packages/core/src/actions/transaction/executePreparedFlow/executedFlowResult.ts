import { CHAIN_ID } from "../../../chain.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { ExecutedStep, ExecutePreparedFlowReturnType } from "./types.js";

/**
 * The result from the steps' outcomes: `success` when every step succeeded, else from the first step that did
 * not (`pending`, `aborted` when it was skipped because the signal aborted, else `failed`). @internal
 */
export function flowResult(
  flow: SerializedPreparedFlow,
  steps: ExecutedStep[],
  dryRun: boolean,
  aborted: boolean,
): ExecutePreparedFlowReturnType {
  const stopped = steps.find((step) => step.status !== "success");
  let status: ExecutePreparedFlowReturnType["status"] = "success";
  if (stopped?.status === "pending") status = "pending";
  else if (stopped?.status === "skipped") status = aborted ? "aborted" : "failed";
  else if (stopped) status = "failed";
  return {
    status,
    dryRun,
    aborted,
    chainId: CHAIN_ID,
    from: flow.from,
    summary: flow.summary,
    completedSteps: stopped ? stopped.index : steps.length,
    failedStep: stopped ? stopped.index : null,
    steps,
  };
}
