import { type ErrorSummary, summarizeError } from "@preflow/errors";
import { ServiceResponseError, ServiceUnreachableError } from "../errors/ServiceUnreachableError.js";
import { type CompletedSteps, SponsorshipUnauthorizedError } from "../errors/SponsorshipUnauthorizedError.js";

const UNAUTHORIZED_CODE = -32001;

/** The sponsorship endpoint an error is about. @internal */
export interface SponsorEndpoint {
  readonly provider: string;
  readonly redactedEndpointUrl: string;
}

/** HTTP 401/403 or JSON-RPC -32001: the key was refused. @internal */
export function isUnauthorized(facts: ErrorSummary): boolean {
  return facts.status === 401 || facts.status === 403 || facts.rpcCode === UNAUTHORIZED_CODE;
}

/**
 * Throws the typed error of a sponsor-endpoint failure that is not a refusal of a UserOperation: the key
 * refused (`SponsorshipUnauthorizedError`) or no usable answer (`ServiceUnreachableError`). @internal
 */
export function throwIfServiceFailure(
  endpoint: SponsorEndpoint,
  facts: ErrorSummary,
  method: string,
  completed: CompletedSteps | undefined,
): void {
  const url = endpoint.redactedEndpointUrl;
  if (isUnauthorized(facts)) {
    throw new SponsorshipUnauthorizedError({
      provider: endpoint.provider,
      url,
      method,
      status: facts.status,
      rpcCode: facts.rpcCode,
      reason: facts.reason,
      completed,
    });
  }
  if (facts.unreachable) {
    throw new ServiceUnreachableError({
      service: "sponsor",
      url,
      method,
      reason: facts.reason,
      status: facts.status,
      completed,
    });
  }
}

/**
 * The typed, redacted error of a failed sponsor-endpoint call: unauthorized, unreachable, or an unexpected
 * answer (`ServiceResponseError`). Never the raw viem error (its text embeds the URL with the key). @internal
 */
export function sponsorFailure(
  endpoint: SponsorEndpoint,
  error: unknown,
  parameters: { secrets: readonly string[]; method: string; completed?: CompletedSteps | undefined },
): Error {
  const { secrets, method, completed } = parameters;
  const facts = summarizeError(error, secrets);
  try {
    throwIfServiceFailure(endpoint, facts, method, completed);
  } catch (typed) {
    return typed as Error;
  }
  return new ServiceResponseError({
    service: "sponsor",
    url: endpoint.redactedEndpointUrl,
    method,
    reason: facts.reason,
    rpcCode: facts.rpcCode,
    completed,
  });
}
