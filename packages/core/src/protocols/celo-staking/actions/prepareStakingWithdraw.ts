import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { CeloActionParameters, CeloStakingActionErrorType } from "../operation.js";
import { celoStakingAction } from "../operation.js";
import { withdrawOperation } from "../stakingOperations.js";

/**
 * Parameters of {@link prepareStakingWithdraw}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingWithdrawParameters } from "@preflow/core";
 * const parameters: PrepareStakingWithdrawParameters = { from };
 * ```
 */
export interface PrepareStakingWithdrawParameters extends CeloActionParameters {}

/**
 * The return type of {@link prepareStakingWithdraw}: one `LockedGold.withdraw(index)` per matured pending withdrawal
 * (highest index first), intent `{ kind: "withdrawUnlocked", amount, count }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingWithdrawReturnType } from "@preflow/core";
 * const flow: PrepareStakingWithdrawReturnType = await client.staking.prepareWithdraw(from);
 * ```
 */
export type PrepareStakingWithdrawReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingWithdraw} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingWithdrawErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingWithdrawErrorType = CeloStakingActionErrorType;

/**
 * Prepares withdrawing every matured pending withdrawal (unlocked CELO whose unlocking period has passed at the
 * block read) back to the account's balance. Refused with the time left when none has matured
 * (`no-matured-withdrawal`: `details.secondsLeft`, `details.availableAt` of the earliest; both absent when there
 * is no pending withdrawal at all).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareStakingWithdrawErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingWithdraw } from "@preflow/core";
 * const flow = await prepareStakingWithdraw(createSdkBaseClient(), { from });
 * ```
 */
export const prepareStakingWithdraw = celoStakingAction<PrepareStakingWithdrawParameters>(withdrawOperation);
