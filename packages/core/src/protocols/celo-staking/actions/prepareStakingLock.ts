import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { CeloActionParameters, CeloStakingActionErrorType } from "../operation.js";
import { celoStakingAction } from "../operation.js";
import { lockOperation } from "../stakingOperations.js";

/**
 * Parameters of {@link prepareStakingLock}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingLockParameters } from "@preflow/core";
 * const parameters: PrepareStakingLockParameters = { from, amount: "50" };
 * ```
 */
export interface PrepareStakingLockParameters extends CeloActionParameters {
  /** CELO to lock, a human decimal string (`"50"`). */
  amount: string;
}

/**
 * The return type of {@link prepareStakingLock}: `[Accounts.createAccount (only when not registered), LockedGold.relock
 * (pending withdrawals first), LockedGold.lock{value}]`, intent `{ kind: "lock", amount, relocked }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingLockReturnType } from "@preflow/core";
 * const flow: PrepareStakingLockReturnType = await client.staking.prepareLock(from, "50");
 * ```
 */
export type PrepareStakingLockReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingLock} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingLockErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingLockErrorType = CeloStakingActionErrorType;

/**
 * Prepares locking CELO in LockedGold (locked CELO can vote for validator groups and on governance). Registers the
 * account first when it has no Celo account (`Accounts.createAccount`), relocks pending withdrawals before
 * locking new CELO (`relock`, newest first), then `lock()` with the rest as value. Refused when the CELO balance
 * is below what `lock()` sends (`not-enough-celo`; gas is on top).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareStakingLockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingLock } from "@preflow/core";
 * const flow = await prepareStakingLock(createSdkBaseClient(), { from, amount: "50" });
 * // flow.steps: [createAccount() (first time), lock() with 50 CELO]
 * ```
 */
export const prepareStakingLock = celoStakingAction<PrepareStakingLockParameters>(lockOperation);
