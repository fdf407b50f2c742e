import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { CeloGroupVotesParameters, CeloStakingActionErrorType } from "../operation.js";
import { celoStakingAction } from "../operation.js";
import { revokeOperation } from "../stakingOperations.js";

/**
 * Parameters of {@link prepareStakingRevoke}: `group` the validator group voted for, `amount` the votes to revoke (a
 * human decimal string). Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRevokeParameters } from "@preflow/core";
 * const parameters: PrepareStakingRevokeParameters = { from, group, amount: "30" };
 * ```
 */
export interface PrepareStakingRevokeParameters extends CeloGroupVotesParameters {}

/**
 * The return type of {@link prepareStakingRevoke}: `[Election.revokePending (if any pending), Election.revokeActive
 * (for the rest)]`, intent `{ kind: "revoke", group, amount }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRevokeReturnType } from "@preflow/core";
 * const flow: PrepareStakingRevokeReturnType = await client.staking.prepareRevoke(from, group, "30");
 * ```
 */
export type PrepareStakingRevokeReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingRevoke} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRevokeErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingRevokeErrorType = CeloStakingActionErrorType;

/**
 * Prepares revoking votes for a validator group: pending votes first, then active ones, each with the sorted-list
 * neighbours Election needs for the group's new total and the group's index in the account's list. The CELO
 * becomes non-voting locked CELO. Refused when the account votes less than the amount for the group
 * (`not-enough-votes`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareStakingRevokeErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingRevoke } from "@preflow/core";
 * const flow = await prepareStakingRevoke(createSdkBaseClient(), { from, group, amount: "30" });
 * ```
 */
export const prepareStakingRevoke = celoStakingAction<PrepareStakingRevokeParameters>(revokeOperation);
