import { rejectUnknownKeys } from "@preflow/errors";
import { CHAIN_ID } from "../../../chain.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { ExecutedStep, ExecutePreparedFlowReturnType } from "./types.js";

/**
 * The one result every send of a flow reports, from its steps' outcomes: `executePreparedFlow`,
 * `sendPreparedFlowWithWallet` (ERC-5792 or one transaction per step) and preflow/aa's `sendPreparedFlow`
 * (sponsored, ERC-4337 and EIP-7702; it adds its UserOperation fields beside). `status` is `success` when every
 * step succeeded, else from the first step that did not: `pending`, `aborted` when it was skipped because the
 * send was aborted, else `failed`. No I/O; unknown keys are refused (`InvalidArgumentError`).
 *
 * @param parameters - `flow` (parsed), `steps` (one {@link ExecutedStep} per step of the flow, in order), `dryRun`
 *   (nothing was sent: the steps are a simulation's), `aborted` (the caller's signal stopped the send).
 * @returns {@link ExecutePreparedFlowReturnType}.
 *
 * @example
 * ```ts
 * import { executedFlowResult } from "@preflow/core";
 *
 * const result = executedFlowResult({ flow, steps });
 * result.status; // "success" | "failed" | "pending" | "aborted"
 * ```
 */
export function executedFlowResult(parameters: {
  flow: SerializedPreparedFlow;
  steps: ExecutedStep[];
  dryRun?: boolean | undefined;
  aborted?: boolean | undefined;
}): ExecutePreparedFlowReturnType {
  rejectUnknownKeys(parameters, "parameters", ["flow", "steps", "dryRun", "aborted"]);
  const { flow, steps, dryRun = false, aborted = false } = parameters;
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
