import { SdkError } from "@preflow/errors";
import type { CompletedSteps } from "./SponsorshipUnauthorizedError.js";

/**
 * `sendPreparedFlow` was aborted (its `signal` fired) before the next UserOperation was sent: nothing of that
 * UserOperation left the process. In sequential mode `details.completed` lists what had already landed. (An
 * abort after a UserOperation was sent is not thrown: the result says `pending` with its `userOpHash`.)
 *
 * @example
 * ```ts
 * import { SendPreparedFlowAbortedError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flow, { signal: AbortSignal.timeout(30_000) });
 * } catch (error) {
 *   if (error instanceof SendPreparedFlowAbortedError) console.error("not sent", error.details.completed);
 * }
 * ```
 */
export class SendPreparedFlowAbortedError extends SdkError<"SEND_ABORTED"> {
  override readonly name: string = "SendPreparedFlowAbortedError";

  constructor(parameters: { reason: string; completed?: CompletedSteps | undefined }) {
    const { reason, completed } = parameters;
    super({
      code: "SEND_ABORTED",
      message: `sendPreparedFlow was aborted (${reason}) before the next UserOperation was sent; nothing of it was submitted.${completed ? ` ${completed.userOpHashes.length} earlier UserOperation(s) had landed (details.completed).` : ""}`,
      details: { reason, ...(completed === undefined ? {} : { completed }) },
    });
  }
}
