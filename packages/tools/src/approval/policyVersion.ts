import { createHash } from "node:crypto";

/**
 * The version of a policy file an approval is asked under: the first 16 hex digits of the SHA-256 of its text (computed
 * when the policy loads, off the start-up path). @internal
 */
export function policyVersion(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
