import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { prepareCeloAccountOperation } from "../operation.js";
import { parseCeloAmount } from "../parameters.js";
import { relockCalls } from "../relockCalls.js";
import { celo } from "../steps.js";

/**
 * Parameters of {@link prepareStakingRelock}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRelockParameters } from "@preflow/core";
 * const parameters: PrepareStakingRelockParameters = { from, amount: "20" };
 * ```
 */
export interface PrepareStakingRelockParameters {
  /** The account whose pending withdrawals are relocked (and who signs). */
  from: string;
  /** CELO to relock, a human decimal string. */
  amount: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareStakingRelock}: `LockedGold.relock(index, value)` steps, intent `{ kind: "relock", amount }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRelockReturnType } from "@preflow/core";
 * const flow: PrepareStakingRelockReturnType = await client.staking.prepareRelock(from, "20");
 * ```
 */
export type PrepareStakingRelockReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingRelock} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRelockErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingRelockErrorType = CeloStakingReadErrorType | CeloStakingRefusedError;

/**
 * Prepares relocking CELO that is waiting in pending withdrawals (matured or not): `relock(index, value)` per
 * withdrawal, last index first. Refused when the pending withdrawals hold less than the amount
 * (`not-enough-pending-withdrawals`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareStakingRelockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingRelock } from "@preflow/core";
 * const flow = await prepareStakingRelock(createSdkBaseClient(), { from, amount: "20" });
 * ```
 */
export function prepareStakingRelock(
  client: SdkBaseClient,
  parameters: PrepareStakingRelockParameters,
): Promise<PrepareStakingRelockReturnType> {
  return prepareCeloAccountOperation(client, parameters, {
    keys: ["amount"],
    parse: (raw) => parseCeloAmount(raw.amount),
    plan: (from, amount, s) => {
      const pending = s.withdrawalValues.reduce((sum, value) => sum + value, 0n);
      if (pending < amount) {
        throw new CeloStakingRefusedError({
          operation: "relock",
          reason: "not-enough-pending-withdrawals",
          message: `${from}'s pending withdrawals hold ${celo(pending)}, less than ${celo(amount)}`,
          details: { amount: amount.toString(), pending: pending.toString() },
        });
      }
      return {
        summary: `Relock ${celo(amount)} of ${from}'s pending withdrawals`,
        calls: relockCalls(s.withdrawalValues, amount).calls,
        intent: { kind: "relock", amount: amount.toString() },
      };
    },
  });
}
