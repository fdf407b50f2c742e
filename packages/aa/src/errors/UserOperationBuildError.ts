import { SdkError } from "@preflow/errors";
import type { CompletedSteps } from "./SponsorshipUnauthorizedError.js";

/**
 * The UserOperation could not be built or signed locally (for example the owner's `signMessage` threw).
 * Nothing was submitted for it. The message is redacted.
 *
 * @example
 * ```ts
 * import { UserOperationBuildError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flow);
 * } catch (error) {
 *   if (error instanceof UserOperationBuildError) console.error(error.details.reason);
 * }
 * ```
 */
export class UserOperationBuildError extends SdkError {
  override readonly name: string = "UserOperationBuildError";

  constructor(parameters: { reason: string; completed?: CompletedSteps | undefined }) {
    const { reason, completed } = parameters;
    super({
      code: "USEROP_BUILD_FAILED",
      message: `The UserOperation could not be built or signed: ${reason}.`,
      details: { reason, ...(completed === undefined ? {} : { completed }) },
    });
  }
}
