import { redactSecrets, SdkError } from "@preflow/errors";

/**
 * The gas-sponsorship service refused the API key (HTTP 401/403 or JSON-RPC error -32001). Nothing was
 * submitted by the call that failed. The key itself never appears in the message or details.
 *
 * @example
 * ```ts
 * import { SponsorshipUnauthorizedError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flow);
 * } catch (error) {
 *   if (error instanceof SponsorshipUnauthorizedError) console.error("check gasSponsorship.sponsor_a.apiKey");
 * }
 * ```
 */
export class SponsorshipUnauthorizedError extends SdkError {
  override readonly name: string = "SponsorshipUnauthorizedError";

  constructor(parameters: {
    provider: string;
    url: string;
    method: string;
    status?: number | undefined;
    rpcCode?: number | undefined;
    reason: string;
    completed?: CompletedSteps | undefined;
  }) {
    const { provider, method, status, rpcCode, completed } = parameters;
    const url = redactSecrets(parameters.url);
    const reason = redactSecrets(parameters.reason);
    super({
      code: "SPONSORSHIP_UNAUTHORIZED",
      message: `The ${provider} gas-sponsorship endpoint ${url} refused the API key on ${method}${status === undefined ? "" : ` (HTTP ${status})`}: ${reason}. Check gasSponsorship.${provider}.apiKey.`,
      details: {
        provider,
        url,
        method,
        reason,
        ...(status === undefined ? {} : { status }),
        ...(rpcCode === undefined ? {} : { rpcCode }),
        ...(completed === undefined ? {} : { completed }),
      },
    });
  }
}

/**
 * What a sequential `sendPreparedFlow` had already landed when it threw: the UserOperations of the steps
 * before the failing one (`details.completed` of the thrown error).
 *
 * @example
 * ```ts
 * import type { CompletedSteps } from "@preflow/aa";
 *
 * const landed = (error: { details: { completed?: CompletedSteps } }) => error.details.completed?.userOpHashes ?? [];
 * ```
 */
export type CompletedSteps = {
  userOpHashes: readonly `0x${string}`[];
  transactionHashes: readonly `0x${string}`[];
};
