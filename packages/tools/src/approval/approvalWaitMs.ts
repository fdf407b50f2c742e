/** Of the tool's answer bound, what is kept for signing and sending after the person answered. */
const RESERVE_MS = 5_000;

/**
 * How long a person is given: `timeoutSeconds`, but never past the tool's own answer deadline (less a reserve to
 * sign and send, at most a fifth of the bound). @internal
 */
export function approvalWaitMs(
  timeoutSeconds: number,
  deadline: number,
  boundMs: number,
  now = Date.now(),
): number {
  const reserve = Math.min(RESERVE_MS, Math.floor(boundMs / 5));
  return Math.max(0, Math.min(timeoutSeconds * 1_000, deadline - now - reserve));
}
