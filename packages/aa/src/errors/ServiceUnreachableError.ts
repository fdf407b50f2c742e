import { redactSecrets, SdkError } from "@preflow/errors";
import type { CompletedSteps } from "./SponsorshipUnauthorizedError.js";

/**
 * Which remote service failed: the chain's JSON-RPC endpoint (`rpcUrl`) or the gas-sponsorship endpoint.
 *
 * @example
 * ```ts
 * import type { AAService } from "@preflow/aa";
 * const service: AAService = "sponsor";
 * ```
 */
export type AAService = "rpc" | "sponsor";

/**
 * A service could not be reached or did not answer (connection refused, DNS, time-out, HTTP 5xx), after
 * viem's retries. The URL in the message and details is redacted (`apikey=***`).
 *
 * @example
 * ```ts
 * import { ServiceUnreachableError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flow);
 * } catch (error) {
 *   if (error instanceof ServiceUnreachableError) console.error(error.details.service, error.details.url);
 * }
 * ```
 */
export class ServiceUnreachableError extends SdkError {
  override readonly name: string = "ServiceUnreachableError";

  constructor(parameters: {
    service: AAService;
    url: string;
    method: string;
    reason: string;
    status?: number | undefined;
    completed?: CompletedSteps | undefined;
  }) {
    const { service, method, status, completed } = parameters;
    const url = redactSecrets(parameters.url);
    const reason = redactSecrets(parameters.reason);
    const what = service === "rpc" ? "The JSON-RPC endpoint" : "The gas-sponsorship endpoint";
    super({
      code: "SERVICE_UNREACHABLE",
      message: `${what} ${url} could not be reached on ${method}${status === undefined ? "" : ` (HTTP ${status})`}: ${reason}.`,
      details: {
        service,
        url,
        method,
        reason,
        ...(status === undefined ? {} : { status }),
        ...(completed === undefined ? {} : { completed }),
      },
    });
  }
}

/**
 * A service answered, but not as expected (an unexpected JSON-RPC error or a malformed answer to a read
 * such as `eth_getCode` or `pimlico_getUserOperationGasPrice`). Refusals of a UserOperation are not thrown:
 * they are `success: false` results.
 *
 * @example
 * ```ts
 * import { ServiceResponseError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flow);
 * } catch (error) {
 *   if (error instanceof ServiceResponseError) console.error(error.details.method, error.details.reason);
 * }
 * ```
 */
export class ServiceResponseError extends SdkError {
  override readonly name: string = "ServiceResponseError";

  constructor(parameters: {
    service: AAService;
    url: string;
    method: string;
    reason: string;
    rpcCode?: number | undefined;
    completed?: CompletedSteps | undefined;
  }) {
    const { service, method, rpcCode, completed } = parameters;
    const url = redactSecrets(parameters.url);
    const reason = redactSecrets(parameters.reason);
    const what = service === "rpc" ? "The JSON-RPC endpoint" : "The gas-sponsorship endpoint";
    super({
      code: "SERVICE_RESPONSE_ERROR",
      message: `${what} ${url} answered ${method} with an error: ${reason}.`,
      details: {
        service,
        url,
        method,
        reason,
        ...(rpcCode === undefined ? {} : { rpcCode }),
        ...(completed === undefined ? {} : { completed }),
      },
    });
  }
}
