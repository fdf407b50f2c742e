import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { governanceUpvoteOperation } from "../governanceOperations.js";
import type { CeloActionParameters, CeloGovernanceActionErrorType } from "../operation.js";
import { celoGovernanceAction } from "../operation.js";

/**
 * Parameters of {@link prepareGovernanceUpvote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUpvoteParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceUpvoteParameters = { from, proposalId: 2n };
 * ```
 */
export interface PrepareGovernanceUpvoteParameters extends CeloActionParameters {
  /** A queued proposal. */
  proposalId: bigint | number | string;
}

/**
 * The return type of {@link prepareGovernanceUpvote}: `[Governance.upvote(id, lesser, greater)]`, intent
 * `{ kind: "governanceUpvote", proposalId }`.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUpvoteReturnType } from "@preflow/core";
 * const flow: PrepareGovernanceUpvoteReturnType = await client.governance.prepareUpvote(from, 2n);
 * ```
 */
export type PrepareGovernanceUpvoteReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGovernanceUpvote} throws.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUpvoteErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGovernanceUpvoteErrorType = CeloGovernanceActionErrorType;

/**
 * Prepares upvoting a queued governance proposal with all of the account's locked CELO (the most upvoted
 * proposals are dequeued into referendums, at most `concurrentProposals` a day). Refused when the account has
 * nothing locked (`not-an-account`, `no-voting-power`), the proposal is not queued (`not-queued`) or the account
 * already upvotes another queued proposal (`already-upvoted`). The queue's neighbours are computed for the new
 * upvote total. If a dequeue falls due before the transaction runs, Governance dequeues first and the upvote of
 * a proposal that left the queue does nothing.
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareGovernanceUpvoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceUpvote } from "@preflow/core";
 * const flow = await prepareGovernanceUpvote(createSdkBaseClient(), { from, proposalId: 2n });
 * ```
 */
export const prepareGovernanceUpvote =
  celoGovernanceAction<PrepareGovernanceUpvoteParameters>(governanceUpvoteOperation);
