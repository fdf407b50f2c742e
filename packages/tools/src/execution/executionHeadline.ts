import { isSent, neverSent } from "./stepSent.js";

// The one-line headline of an execution's result (executing tools, get_flow_status). "Sent" has one meaning
// here as everywhere: the node acknowledged the step or the chain shows it (`sent: true`); a step signed whose
// send's answer was lost (`sent: "unknown"`) is counted apart, as "may have been sent".

/** The parts of a result a headline reads. @internal */
export interface HeadlineInput {
  status: string;
  dryRun: boolean;
  replayed: boolean;
  interrupted?: boolean;
  flowId: string;
  failedStep: number | null;
  completedSteps: number;
  steps: readonly {
    status: string;
    hash: string | null;
    sent?: boolean | "unknown" | undefined;
    error?: string | undefined;
  }[];
}

/**
 * The headline of a result and whether it is an error: what succeeded, what was sent, and what to do next
 * (ask get_flow_status while pending; execute again to continue a flow whose sent steps all succeeded and
 * whose next steps were never sent). `continuedFrom`: the step this execution continued from; `resendable`: the
 * pending step was never acknowledged and this server holds its signed bytes. @internal
 */
export function executionHeadline(
  data: HeadlineInput,
  continuedFrom?: number,
  resendable = false,
): { isError?: boolean; headline: string } {
  const total = data.steps.length;
  const verb = data.dryRun ? "simulated" : "executed";
  const again = data.replayed
    ? "Already executed (this is the earlier result; pass force: true to send again). "
    : continuedFrom === undefined
      ? ""
      : `Continued from step ${continuedFrom}: the ${continuedFrom} step(s) before it are on chain and were not sent again. `;
  const sent = data.steps.filter(isSent).length;
  const unknown = data.steps.filter((step) => !isSent(step) && step.sent === "unknown").length;
  const sentText = `${sent} sent${unknown > 0 ? ` (and ${unknown} whose send's answer was lost: it may have been sent)` : ""}`;
  if (data.interrupted) {
    // Ended (or not) while no server was running it: what the chain says about its steps.
    const restart = `${again}Interrupted by a restart of the tool server; the steps' outcomes are read from the chain by hash. `;
    if (data.status === "success") return { headline: `${restart}All ${total} step(s) succeeded.` };
    if (data.status === "pending") {
      return {
        headline: `${restart}${data.completedSteps} of ${total} step(s) succeeded; step ${data.completedSteps} was sent (or being sent) and the chain has no receipt for it yet; later steps were not sent. Ask get_flow_status with flow_id ${data.flowId} later; do not execute it again.`,
      };
    }
  }
  if (data.status === "success") return { headline: `${again}All ${total} step(s) ${verb} successfully.` };
  if (data.status === "pending") {
    const next = resendable
      ? `Step ${data.completedSteps} was signed but the node never acknowledged it: execute the flow again (without force) to send the same signed bytes again (same hash, never a second transaction), or ask get_flow_status with flow_id ${data.flowId}.`
      : `Ask get_flow_status with flow_id ${data.flowId} for the outcome; do not execute it again.`;
    return {
      headline: `${again}Still running when the answer was due: ${data.completedSteps} of ${total} step(s) done, ${sentText}. ${next}`,
    };
  }
  const stoppedAt = data.failedStep ?? data.completedSteps;
  const rest = data.steps.slice(stoppedAt);
  const continuable =
    !data.dryRun && rest.length > 0 && rest.every(neverSent) && data.steps.slice(0, stoppedAt).every(isSent);
  const next = continuable
    ? ` Execute the flow again (without force) to continue from step ${stoppedAt}: the steps on chain are not sent again.`
    : "";
  if (data.status === "cancelled") {
    return {
      isError: true,
      headline: `${again}Cancelled: ${sentText} before it stopped; the rest were not sent.${next}`,
    };
  }
  const failed = data.steps[stoppedAt];
  const notSent = total - stoppedAt - 1;
  const restart = data.interrupted ? "Interrupted by a restart of the tool server. " : "";
  return {
    isError: true,
    headline:
      `${again}${restart}${data.dryRun ? "Simulation" : "Execution"} stopped at step ${stoppedAt} (${failed?.status}${failed?.error ? `: ${failed.error}` : ""}). ` +
      `${data.completedSteps} step(s) before it succeeded; ${notSent} later step(s) ${data.dryRun ? "not simulated" : "not sent"}.${next}`,
  };
}
