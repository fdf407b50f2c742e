import type { GasSponsorshipService } from "../gasSponsorship/GasSponsorshipService.js";

/**
 * The secrets each service holds, kept off the service object (so that printing or serializing it never
 * shows them) and used only to scrub error text. @internal
 */
const secretsOf = new WeakMap<GasSponsorshipService, readonly string[]>();

/** @internal */
export function registerServiceSecrets(service: GasSponsorshipService, secrets: readonly string[]): void {
  secretsOf.set(service, Object.freeze([...secrets]));
}

/** @internal */
export function serviceSecrets(service: GasSponsorshipService): readonly string[] {
  return secretsOf.get(service) ?? [];
}
