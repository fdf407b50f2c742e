import type { Address } from "viem";
import { type CeloAmount, celoAmount } from "./amounts.js";
import type { CeloGovernanceState } from "./lens.js";

/**
 * A governance proposal's stage: `queued` (waiting for upvotes and a dequeue), `referendum` (locked CELO votes),
 * `execution` (passed, waiting to be executed), `expiration` (expired or failed), `none` (no such proposal).
 *
 * @example
 * ```ts
 * import type { CeloProposalStage } from "@preflow/core";
 * const stage: CeloProposalStage = "referendum";
 * ```
 */
export type CeloProposalStage = "none" | "queued" | "approval" | "referendum" | "execution" | "expiration";

/** Governance's proposal stages (`Proposals.Stage`), indexed by the contract's enum value. */
const STAGES: readonly CeloProposalStage[] = [
  "none",
  "queued",
  "approval",
  "referendum",
  "execution",
  "expiration",
];

/**
 * A governance proposal as read on chain (no fetch from the web: `descriptionUrl` is what the proposer gave).
 *
 * @example
 * ```ts
 * import type { CeloProposal } from "@preflow/core";
 * const passing = (p: CeloProposal) => p.votes.yes.value > p.votes.no.value;
 * ```
 */
export interface CeloProposal {
  id: bigint;
  stage: CeloProposalStage;
  proposer: Address;
  deposit: CeloAmount;
  /** When it was proposed (queued) or dequeued (referendum onwards), unix seconds. */
  timestamp: bigint;
  transactionCount: number;
  descriptionUrl: string;
  /** Approved by the approver (needed to execute). */
  approved: boolean;
  /** Upvotes while queued (0 otherwise). */
  upvotes: CeloAmount;
  votes: { yes: CeloAmount; no: CeloAmount; abstain: CeloAmount };
  /** Its index in Governance's dequeue (referendum and later), `null` while queued. */
  dequeueIndex: number | null;
  /** The account's own vote, when an account was given and it voted. */
  accountVote?: { yes: CeloAmount; no: CeloAmount; abstain: CeloAmount } | undefined;
}

/** A lens proposal in the SDK's shape. @internal */
export function toCeloProposal(
  p: CeloGovernanceState["proposals"][number],
  withAccount: boolean,
): CeloProposal {
  const voted = p.accountYes + p.accountNo + p.accountAbstain > 0n;
  return {
    id: p.id,
    stage: STAGES[p.stage] ?? "none",
    proposer: p.proposer,
    deposit: celoAmount(p.deposit),
    timestamp: p.timestamp,
    transactionCount: Number(p.transactionCount),
    descriptionUrl: p.descriptionUrl,
    approved: p.approved,
    upvotes: celoAmount(p.upvotes),
    votes: { yes: celoAmount(p.yes), no: celoAmount(p.no), abstain: celoAmount(p.abstain) },
    dequeueIndex: p.dequeued ? Number(p.dequeueIndex) : null,
    ...(withAccount && voted
      ? {
          accountVote: {
            yes: celoAmount(p.accountYes),
            no: celoAmount(p.accountNo),
            abstain: celoAmount(p.accountAbstain),
          },
        }
      : {}),
  };
}
