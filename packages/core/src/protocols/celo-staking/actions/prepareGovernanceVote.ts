import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { CeloGovernanceRefusedError, type CeloStakingReadErrorType } from "../errors.js";
import type { CeloGovernanceState } from "../lens.js";
import { type CeloOperation, prepareCeloGovernanceOperation } from "../operation.js";
import {
  GOVERNANCE_VOTE_VALUES,
  type GovernanceVoteValue,
  parseProposalId,
  parseVoteValue,
} from "../parameters.js";
import { toCeloProposal } from "../proposals.js";
import { celo } from "../steps.js";

/**
 * Parameters of {@link prepareGovernanceVote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceVoteParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceVoteParameters = { from, proposalId: 1n, value: "yes" };
 * ```
 */
export interface PrepareGovernanceVoteParameters {
  /** The voter (and signer): its governance voting power is the vote's weight. */
  from: string;
  /** A proposal in its referendum. */
  proposalId: bigint | number | string;
  value: GovernanceVoteValue;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
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
export type PrepareGovernanceVoteErrorType = CeloStakingReadErrorType | CeloGovernanceRefusedError;

/**
 * Prepares a vote (`"yes"`, `"no"`, `"abstain"`) on a proposal in its referendum with all of the account's
 * governance voting power (its locked CELO plus what is delegated to it, minus what it delegates); a new vote
 * replaces the account's earlier one. The locked CELO then cannot be unlocked until the referendum ends. Refused
 * when the proposal is not in its referendum (`not-in-referendum`, with its stage) or the account has no voting
 * power (`not-an-account`, `no-voting-power`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareGovernanceVoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceVote } from "@preflow/core";
 * const flow = await prepareGovernanceVote(createSdkBaseClient(), { from, proposalId: 1n, value: "yes" });
 * ```
 */
export function prepareGovernanceVote(
  client: SdkBaseClient,
  parameters: PrepareGovernanceVoteParameters,
): Promise<PrepareGovernanceVoteReturnType> {
  const operation: CeloOperation<{ proposalId: bigint; value: GovernanceVoteValue }, CeloGovernanceState> = {
    keys: ["proposalId", "value"],
    parse: (raw) => ({ proposalId: parseProposalId(raw.proposalId), value: parseVoteValue(raw.value) }),
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
  return prepareCeloGovernanceOperation(client, parameters, operation, (input) => input.proposalId);
}
