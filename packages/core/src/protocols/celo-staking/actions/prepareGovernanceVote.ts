import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { governanceVoteOperation } from "../governanceOperations.js";
import type { CeloActionParameters, CeloGovernanceActionErrorType } from "../operation.js";
import { celoGovernanceAction } from "../operation.js";
import type { GovernanceVoteValue } from "../parameters.js";

/**
 * Parameters of {@link prepareGovernanceVote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceVoteParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceVoteParameters = { from, proposalId: 1n, value: "yes" };
 * ```
 */
export interface PrepareGovernanceVoteParameters extends CeloActionParameters {
  /** A proposal in its referendum. */
  proposalId: bigint | number | string;
  value: GovernanceVoteValue;
}

/**
 * The return type of {@link prepareGovernanceVote}: `[Governance.vote(id, dequeueIndex, value)]`, intent
 * `{ kind: "governanceVote", proposalId, value }`.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceVoteReturnType } from "@preflow/core";
 * const flow: PrepareGovernanceVoteReturnType = await client.governance.prepareVote(from, 1n, "yes");
 * ```
 */
export type PrepareGovernanceVoteReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGovernanceVote} throws.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceVoteErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGovernanceVoteErrorType = CeloGovernanceActionErrorType;

/**
 * Prepares a vote (`"yes"`, `"no"`, `"abstain"`) on a proposal in its referendum with all of the account's
 * governance voting power (its locked CELO plus what is delegated to it, minus what it delegates); a new vote
 * replaces the account's earlier one. The locked CELO then cannot be unlocked until the referendum ends. Refused
 * when the proposal is not in its referendum (`not-in-referendum`, with its stage) or the account has no voting
 * power (`not-an-account`, `no-voting-power`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareGovernanceVoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceVote } from "@preflow/core";
 * const flow = await prepareGovernanceVote(createSdkBaseClient(), { from, proposalId: 1n, value: "yes" });
 * ```
 */
export const prepareGovernanceVote =
  celoGovernanceAction<PrepareGovernanceVoteParameters>(governanceVoteOperation);
