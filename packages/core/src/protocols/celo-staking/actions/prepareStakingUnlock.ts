import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { CeloActionParameters, CeloStakingActionErrorType } from "../operation.js";
import { celoStakingAction } from "../operation.js";
import { unlockOperation } from "../stakingOperations.js";

/**
 * Parameters of {@link prepareStakingUnlock}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingUnlockParameters } from "@preflow/core";
 * const parameters: PrepareStakingUnlockParameters = { from, amount: "20" };
 * ```
 */
export interface PrepareStakingUnlockParameters extends CeloActionParameters {
  /** Locked CELO to unlock, a human decimal string. */
  amount: string;
}

/**
 * The return type of {@link prepareStakingUnlock}: `[LockedGold.unlock(amount)]`, intent `{ kind: "unlock", amount }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingUnlockReturnType } from "@preflow/core";
 * const flow: PrepareStakingUnlockReturnType = await client.staking.prepareUnlock(from, "20");
 * ```
 */
export type PrepareStakingUnlockReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingUnlock} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingUnlockErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingUnlockErrorType = CeloStakingActionErrorType;

/**
 * Prepares unlocking locked CELO: it becomes a pending withdrawal, withdrawable after LockedGold's unlocking period
 * (3 days on mainnet). Refused, with the amounts, when the CELO is voting for a group (`not-enough-nonvoting`:
 * revoke votes first) or backs the account's votes on governance referendums (`locked-in-governance`), or the
 * address has no Celo account (`not-an-account`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareStakingUnlockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingUnlock } from "@preflow/core";
 * const flow = await prepareStakingUnlock(createSdkBaseClient(), { from, amount: "20" });
 * ```
 */
export const prepareStakingUnlock = celoStakingAction<PrepareStakingUnlockParameters>(unlockOperation);
