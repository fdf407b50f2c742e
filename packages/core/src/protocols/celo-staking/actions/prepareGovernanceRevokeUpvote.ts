import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { governanceRevokeUpvoteOperation } from "../governanceOperations.js";
import type { CeloActionParameters, CeloGovernanceActionErrorType } from "../operation.js";
import { celoGovernanceAction } from "../operation.js";

/**
 * Parameters of {@link prepareGovernanceRevokeUpvote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceRevokeUpvoteParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceRevokeUpvoteParameters = { from };
 * ```
 */
export interface PrepareGovernanceRevokeUpvoteParameters extends CeloActionParameters {}

/**
 * The return type of {@link prepareGovernanceRevokeUpvote}: `[Governance.revokeUpvote(lesser, greater)]`, intent
 * `{ kind: "governanceRevokeUpvote", proposalId }`.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceRevokeUpvoteReturnType } from "@preflow/core";
 * const flow: PrepareGovernanceRevokeUpvoteReturnType = await client.governance.prepareRevokeUpvote(from);
 * ```
 */
export type PrepareGovernanceRevokeUpvoteReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGovernanceRevokeUpvote} throws.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceRevokeUpvoteErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGovernanceRevokeUpvoteErrorType = CeloGovernanceActionErrorType;

/**
 * Prepares revoking the account's upvote (so it can upvote another proposal). Refused when it has none
 * (`no-upvote`). The queue's neighbours are computed for the proposal's upvotes without this one.
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareGovernanceRevokeUpvoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceRevokeUpvote } from "@preflow/core";
 * const flow = await prepareGovernanceRevokeUpvote(createSdkBaseClient(), { from });
 * ```
 */
export const prepareGovernanceRevokeUpvote = celoGovernanceAction<PrepareGovernanceRevokeUpvoteParameters>(
  governanceRevokeUpvoteOperation,
);
