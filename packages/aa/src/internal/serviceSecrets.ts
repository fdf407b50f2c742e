/**
 * The secrets each gas-sponsorship service holds, kept off the service object (so that printing or
 * serializing it never shows them) and used only to scrub error text. Keyed by the service. @internal
 */
const secretsOf = new WeakMap<object, readonly string[]>();

/** @internal */
export function registerServiceSecrets(service: object, secrets: readonly string[]): void {
  secretsOf.set(service, Object.freeze([...secrets]));
}

/** @internal */
export function serviceSecrets(service: object): readonly string[] {
  return secretsOf.get(service) ?? [];
}
