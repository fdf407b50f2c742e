import type { GasSponsorshipBackend } from "../gasSponsorship/types.js";

/**
 * What a gas-sponsorship service keeps off its own object (so that printing or serializing it never shows
 * it): the backend (whose errors are raw and may carry the endpoint URL) and the secrets to scrub from error
 * text. Keyed by the service. @internal
 */
const internalsOf = new WeakMap<object, GasSponsorshipBackend>();

/** @internal */
export function registerServiceBackend(service: object, backend: GasSponsorshipBackend): void {
  internalsOf.set(service, backend);
}

/** The backend of a service (for the send path, which maps its errors itself). @internal */
export function serviceBackend(service: object): GasSponsorshipBackend {
  const backend = internalsOf.get(service);
  if (!backend) throw new TypeError("not a GasSponsorshipService");
  return backend;
}

/** The secrets a service holds (its API key), to scrub from error text. @internal */
export function serviceSecrets(service: object): readonly string[] {
  return internalsOf.get(service)?.secrets ?? [];
}
