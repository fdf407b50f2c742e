import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { CeloGovernanceRefusedError, type CeloStakingReadErrorType } from "../errors.js";
import type { CeloGovernanceState } from "../lens.js";
import { queueNeighbours } from "../neighbours.js";
import { type CeloOperation, prepareCeloGovernanceOperation } from "../operation.js";

/**
 * Parameters of {@link prepareGovernanceRevokeUpvote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceRevokeUpvoteParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceRevokeUpvoteParameters = { from };
 * ```
 */
export interface PrepareGovernanceRevokeUpvoteParameters {
  /** The upvoter (and signer). */
  from: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

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
export type PrepareGovernanceRevokeUpvoteErrorType = CeloStakingReadErrorType | CeloGovernanceRefusedError;

/**
 * Prepares revoking the account's upvote (so it can upvote another proposal). Refused when it has none
 * (`no-upvote`). The queue's neighbours are computed for the proposal's upvotes without this one.
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareGovernanceRevokeUpvoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceRevokeUpvote } from "@preflow/core";
 * const flow = await prepareGovernanceRevokeUpvote(createSdkBaseClient(), { from });
 * ```
 */
export function prepareGovernanceRevokeUpvote(
  client: SdkBaseClient,
  parameters: PrepareGovernanceRevokeUpvoteParameters,
): Promise<PrepareGovernanceRevokeUpvoteReturnType> {
  const operation: CeloOperation<undefined, CeloGovernanceState> = {
    keys: [],
    parse: () => undefined,
    plan: (from, _input, s) => {
      const proposalId = s.accountUpvotedProposal;
      if (proposalId === 0n) {
        throw new CeloGovernanceRefusedError({
          operation: "revoke the upvote",
          reason: "no-upvote",
          message: `${from} upvotes no proposal`,
        });
      }
      const position = s.queue.indexOf(proposalId);
      const { lesser, greater } =
        position === -1
          ? { lesser: 0n, greater: 0n }
          : queueNeighbours(
              s.queue,
              s.queueUpvotes,
              proposalId,
              (s.queueUpvotes[position] ?? 0n) - s.accountUpvoteWeight,
            );
      return {
        summary: `Revoke ${from}'s upvote of governance proposal ${proposalId}`,
        calls: [
          {
            contract: "governance",
            functionName: "revokeUpvote",
            args: [lesser, greater],
            description: `Revoke the upvote of proposal ${proposalId}`,
          },
        ],
        intent: { kind: "governanceRevokeUpvote", proposalId: proposalId.toString() },
      };
    },
  };
  return prepareCeloGovernanceOperation(client, parameters, operation, () => 0n);
}
