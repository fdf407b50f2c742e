import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { CeloGroupVotesParameters, CeloStakingActionErrorType } from "../operation.js";
import { celoStakingAction } from "../operation.js";
import { voteOperation } from "../stakingOperations.js";

/**
 * Parameters of {@link prepareStakingVote}: `group` to vote for, `amount` the locked, non-voting CELO to vote with (a
 * human decimal string). Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingVoteParameters } from "@preflow/core";
 * const parameters: PrepareStakingVoteParameters = { from, group: "0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F", amount: "30" };
 * ```
 */
export interface PrepareStakingVoteParameters extends CeloGroupVotesParameters {}

/**
 * The return type of {@link prepareStakingVote}: `[Election.vote(group, amount, lesser, greater)]`, intent
 * `{ kind: "vote", group, amount }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingVoteReturnType } from "@preflow/core";
 * const flow: PrepareStakingVoteReturnType = await client.staking.prepareVote(from, group, "30");
 * ```
 */
export type PrepareStakingVoteReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingVote} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingVoteErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingVoteErrorType = CeloStakingActionErrorType;

/**
 * Prepares a vote of locked CELO for a validator group (a pending vote, activatable from the next epoch). Checked
 * as Election would: the group is eligible (`group-not-eligible`), the vote fits its capacity
 * (`group-over-capacity`), the account has that much locked and non-voting CELO (`not-enough-nonvoting`,
 * `not-an-account`) and votes for fewer groups than the maximum (`too-many-groups`). The sorted-list neighbours
 * (`lesser`, `greater`) are computed from the eligible groups' votes.
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareStakingVoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingVote } from "@preflow/core";
 * const flow = await prepareStakingVote(createSdkBaseClient(), { from, group, amount: "30" });
 * ```
 */
export const prepareStakingVote = celoStakingAction<PrepareStakingVoteParameters>(voteOperation);
