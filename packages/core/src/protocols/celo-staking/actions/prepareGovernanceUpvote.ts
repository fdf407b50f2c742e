import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { CeloGovernanceRefusedError, type CeloStakingReadErrorType } from "../errors.js";
import type { CeloGovernanceState } from "../lens.js";
import { queueNeighbours } from "../neighbours.js";
import { type CeloOperation, prepareCeloGovernanceOperation } from "../operation.js";
import { parseProposalId } from "../parameters.js";
import { celo } from "../steps.js";

/**
 * Parameters of {@link prepareGovernanceUpvote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUpvoteParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceUpvoteParameters = { from, proposalId: 2n };
 * ```
 */
export interface PrepareGovernanceUpvoteParameters {
  /** The upvoter (and signer): its locked CELO is the upvote's weight. */
  from: string;
  /** A queued proposal. */
  proposalId: bigint | number | string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
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
export type PrepareGovernanceUpvoteErrorType = CeloStakingReadErrorType | CeloGovernanceRefusedError;

/**
 * Prepares upvoting a queued governance proposal with all of the account's locked CELO (the most upvoted
 * proposals are dequeued into referendums, at most `concurrentProposals` a day). Refused when the account has
 * nothing locked (`not-an-account`, `no-voting-power`), the proposal is not queued (`not-queued`) or the account
 * already upvotes another queued proposal (`already-upvoted`). The queue's neighbours are computed for the new
 * upvote total. If a dequeue falls due before the transaction runs, Governance dequeues first and the upvote of
 * a proposal that left the queue does nothing.
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareGovernanceUpvoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceUpvote } from "@preflow/core";
 * const flow = await prepareGovernanceUpvote(createSdkBaseClient(), { from, proposalId: 2n });
 * ```
 */
export function prepareGovernanceUpvote(
  client: SdkBaseClient,
  parameters: PrepareGovernanceUpvoteParameters,
): Promise<PrepareGovernanceUpvoteReturnType> {
  const operation: CeloOperation<bigint, CeloGovernanceState> = {
    keys: ["proposalId"],
    parse: (raw) => parseProposalId(raw.proposalId),
    plan: (from, proposalId, s) => {
      const refuse = (
        reason: "not-an-account" | "no-voting-power" | "not-queued" | "already-upvoted",
        message: string,
      ) =>
        new CeloGovernanceRefusedError({
          operation: "upvote",
          reason,
          message,
          details: { proposalId: proposalId.toString() },
        });
      if (!s.accountIsAccount) throw refuse("not-an-account", `${from} has no Celo account: lock CELO first`);
      if (s.accountLocked === 0n) throw refuse("no-voting-power", `${from} has no locked CELO`);
      const position = s.queue.indexOf(proposalId);
      if (position === -1)
        throw refuse("not-queued", `proposal ${proposalId} is not in the governance queue`);
      if (s.accountUpvotedProposal !== 0n && s.queue.includes(s.accountUpvotedProposal)) {
        throw refuse(
          "already-upvoted",
          `${from} already upvotes queued proposal ${s.accountUpvotedProposal}: revoke that upvote first`,
        );
      }
      // Governance dequeues (the most upvoted, up to `concurrentProposals`) at the start of the upvote once a day
      // has passed since the last dequeue: an upvote of a proposal that leaves the queue then would revert.
      const dequeueDue = s.timestamp >= s.lastDequeue + s.dequeueFrequency;
      const top = s.queue
        .map((id, i) => ({ id, upvotes: s.queueUpvotes[i] ?? 0n }))
        .sort((a, b) => (a.upvotes === b.upvotes ? 0 : a.upvotes > b.upvotes ? -1 : 1))
        .slice(0, Number(s.concurrentProposals))
        .map((entry) => entry.id);
      if (dequeueDue && top.includes(proposalId)) {
        throw refuse(
          "not-queued",
          `proposal ${proposalId} leaves the queue for its referendum with the next governance transaction (a dequeue is due): vote on it then`,
        );
      }
      const upvotes = (s.queueUpvotes[position] ?? 0n) + s.accountLocked;
      const { lesser, greater } = queueNeighbours(s.queue, s.queueUpvotes, proposalId, upvotes);
      return {
        summary: `Upvote governance proposal ${proposalId} with ${from}'s ${celo(s.accountLocked)} locked`,
        calls: [
          {
            contract: "governance",
            functionName: "upvote",
            args: [proposalId, lesser, greater],
            description: `Upvote proposal ${proposalId} (${celo(s.accountLocked)})`,
          },
        ],
        intent: { kind: "governanceUpvote", proposalId: proposalId.toString() },
      };
    },
  };
  return prepareCeloGovernanceOperation(client, parameters, operation, (proposalId) => proposalId);
}
