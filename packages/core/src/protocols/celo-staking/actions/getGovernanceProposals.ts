import type { ActionOptions } from "../../../rpc/createRpc.js";
import type { CeloStakingReadErrorType } from "../errors.js";
import { readCeloGovernance } from "../lens.js";
import { type CeloProposal, toCeloProposal } from "../proposals.js";
import { signalOnlyReadAction } from "../signalOnlyRead.js";

/**
 * Parameters of {@link getGovernanceProposals}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetGovernanceProposalsParameters } from "@preflow/core";
 * const parameters: GetGovernanceProposalsParameters = {};
 * ```
 */
export interface GetGovernanceProposalsParameters extends ActionOptions {}

/**
 * The return type of {@link getGovernanceProposals}: proposals by stage.
 *
 * @example
 * ```ts
 * import type { GetGovernanceProposalsReturnType } from "@preflow/core";
 * const { queue, referendum }: GetGovernanceProposalsReturnType = await client.governance.getProposals();
 * ```
 */
export interface GetGovernanceProposalsReturnType {
  /** Queued proposals, most upvoted first. */
  queue: CeloProposal[];
  /** Dequeued proposals in their referendum. */
  referendum: CeloProposal[];
  /** Passed proposals waiting for execution. */
  execution: CeloProposal[];
  /** Dequeued proposals past their stages (expired or failed) still in the dequeue. */
  expired: CeloProposal[];
  /** How many proposals were ever made. */
  proposalCount: bigint;
  blockNumber: bigint;
  timestamp: bigint;
}

/**
 * The errors {@link getGovernanceProposals} throws.
 *
 * @example
 * ```ts
 * import type { GetGovernanceProposalsErrorType } from "@preflow/core";
 * ```
 */
export type GetGovernanceProposalsErrorType = CeloStakingReadErrorType;

/**
 * Reads Celo governance's proposals on chain (no fetch from the web): the queue with upvotes, and the dequeued
 * proposals in referendum, execution or expiration with their vote totals. A tracked read
 * (`governance.getProposals`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetGovernanceProposalsErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGovernanceProposals } from "@preflow/core";
 * const { queue, referendum } = await getGovernanceProposals(createSdkBaseClient(), {});
 * for (const p of referendum) console.log(p.id, p.votes.yes.formatted, p.descriptionUrl);
 * ```
 */
export const getGovernanceProposals = signalOnlyReadAction<
  GetGovernanceProposalsParameters,
  GetGovernanceProposalsReturnType
>("governance.getProposals", async (client, signal) => {
  const s = await readCeloGovernance(client, undefined, 0n, signal);
  const all = s.proposals.map((p) => toCeloProposal(p, false));
  return {
    queue: all
      .filter((p) => p.stage === "queued")
      .sort((a, b) => (a.upvotes.value > b.upvotes.value ? -1 : a.upvotes.value < b.upvotes.value ? 1 : 0)),
    referendum: all.filter((p) => p.dequeueIndex !== null && p.stage === "referendum"),
    execution: all.filter((p) => p.dequeueIndex !== null && p.stage === "execution"),
    expired: all.filter((p) => p.stage === "expiration"),
    proposalCount: s.proposalCount,
    blockNumber: s.blockNumber,
    timestamp: s.timestamp,
  };
});
