import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { CeloActionParameters, CeloStakingActionErrorType } from "../operation.js";
import { celoStakingAction } from "../operation.js";
import { relockOperation } from "../stakingOperations.js";

/**
 * Parameters of {@link prepareStakingRelock}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRelockParameters } from "@preflow/core";
 * const parameters: PrepareStakingRelockParameters = { from, amount: "20" };
 * ```
 */
export interface PrepareStakingRelockParameters extends CeloActionParameters {
  /** CELO to relock, a human decimal string. */
  amount: string;
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
export type PrepareStakingRelockErrorType = CeloStakingActionErrorType;

/**
 * Prepares relocking CELO that is waiting in pending withdrawals (matured or not): `relock(index, value)` per
 * withdrawal, last index first. Refused when the pending withdrawals hold less than the amount
 * (`not-enough-pending-withdrawals`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareStakingRelockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingRelock } from "@preflow/core";
 * const flow = await prepareStakingRelock(createSdkBaseClient(), { from, amount: "20" });
 * ```
 */
export const prepareStakingRelock = celoStakingAction<PrepareStakingRelockParameters>(relockOperation);
