// The signer's lock taken only once a person's answer is in: an approval never holds up the signer's other executions.
import type { ToolServerStore } from "../store/types.js";

/**
 * The store's signer lock, taken only once `approval` is settled (a person's answer never holds up the signer's other
 * executions); a refused approval rejects without taking it. The lock's wait bound is shortened by the time the
 * approval took. @internal
 */
export function afterApproval(
  approval: Promise<unknown>,
  store: Pick<ToolServerStore, "withSignerLock">,
): Pick<ToolServerStore, "withSignerLock"> {
  const calledAt = Date.now();
  return {
    withSignerLock: (signer, job, options) =>
      approval.then(() =>
        store.withSignerLock(
          signer,
          job,
          options?.timeoutMs === undefined
            ? options
            : { ...options, timeoutMs: Math.max(1_000, options.timeoutMs - (Date.now() - calledAt)) },
        ),
      ),
  };
}
