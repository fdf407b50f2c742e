// The table of governance operations: what each referendum action in ./actions/ parses and plans from the
// governance state (one lens read, made by `celoGovernanceAction`).
import { CeloGovernanceRefusedError } from "./errors.js";
import { queueNeighbours } from "./neighbours.js";
import { type CeloGovernanceOperation, plannerInput } from "./operation.js";
import {
  GOVERNANCE_VOTE_VALUES,
  type GovernanceVoteValue,
  parseProposalId,
  parseVoteValue,
} from "./parameters.js";
import { toCeloProposal } from "./proposals.js";
import { celo } from "./steps.js";

/** What {@link prepareGovernanceVote} parses and plans. @internal */
export const governanceVoteOperation: CeloGovernanceOperation<{
  proposalId: bigint;
  value: GovernanceVoteValue;
}> = {
  name: "vote",
  proposalOf: (input) => input.proposalId,
  keys: ["proposalId", "value"],
  parse: (raw) => ({ proposalId: parseProposalId(raw.proposalId), value: parseVoteValue(raw.value) }),
  onChain: ({ proposalId, value }) =>
    plannerInput(7, ["uint256", "uint8"], [proposalId, GOVERNANCE_VOTE_VALUES[value]]),
  plan: (from, { proposalId, value }, s) => {
    const found = s.proposals.find((p) => p.id === proposalId);
    const proposal = found ? toCeloProposal(found, false) : undefined;
    const refuse = (reason: "not-an-account" | "no-voting-power" | "not-in-referendum", message: string) =>
      new CeloGovernanceRefusedError({
        operation: "vote",
        reason,
        message,
        details: { proposalId: proposalId.toString(), stage: proposal?.stage ?? "none" },
      });
    if (proposal?.stage !== "referendum" || proposal.dequeueIndex === null) {
      throw refuse(
        "not-in-referendum",
        `proposal ${proposalId} is ${proposal ? `in stage ${proposal.stage}` : "unknown"}, not in its referendum`,
      );
    }
    if (!s.accountIsAccount) throw refuse("not-an-account", `${from} has no Celo account: lock CELO first`);
    if (s.accountVotingPower === 0n)
      throw refuse("no-voting-power", `${from} has no governance voting power`);
    const power = celo(s.accountVotingPower);
    return {
      summary: `Vote ${value.toUpperCase()} on governance proposal ${proposalId} with ${from}'s ${power} of voting power`,
      calls: [
        {
          contract: "governance",
          functionName: "vote",
          args: [proposalId, BigInt(proposal.dequeueIndex), GOVERNANCE_VOTE_VALUES[value]],
          description: `Vote ${value.toUpperCase()} on proposal ${proposalId} (${power})`,
        },
      ],
      intent: { kind: "governanceVote", proposalId: proposalId.toString(), value },
    };
  },
};

/** What {@link prepareGovernanceUpvote} parses and plans. @internal */
export const governanceUpvoteOperation: CeloGovernanceOperation<bigint> = {
  name: "upvote",
  proposalOf: (proposalId) => proposalId,
  keys: ["proposalId"],
  parse: (raw) => parseProposalId(raw.proposalId),
  onChain: (proposalId) => plannerInput(8, ["uint256"], [proposalId]),
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
    if (position === -1) throw refuse("not-queued", `proposal ${proposalId} is not in the governance queue`);
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

/** What {@link prepareGovernanceRevokeUpvote} parses and plans. @internal */
export const governanceRevokeUpvoteOperation: CeloGovernanceOperation<undefined> = {
  name: "revoke the upvote",
  proposalOf: () => 0n,
  keys: [],
  parse: () => undefined,
  onChain: () => plannerInput(9, [], []),
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
