import { rejectUnknownKeys } from "@preflow/attribution";
import type { SdkBaseClient } from "../../../clients/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { CeloGovernanceRefusedError, type CeloStakingReadErrorType } from "../errors.js";
import { readCeloGovernance } from "../lens.js";
import { parseProposalId } from "../parameters.js";
import { type CeloProposal, toCeloProposal } from "../proposals.js";

/**
 * Parameters of {@link getProposal}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetProposalParameters } from "@preflow/core";
 * const parameters: GetProposalParameters = { proposalId: 1n, account };
 * ```
 */
export interface GetProposalParameters {
  /** The proposal id (bigint, number or decimal string). */
  proposalId: bigint | number | string;
  /** Also read this account's vote on it. */
  account?: string | undefined;
  /** Aborts the read (`RequestAbortedError`). */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link getProposal}.
 *
 * @example
 * ```ts
 * import type { GetProposalReturnType } from "@preflow/core";
 * const proposal: GetProposalReturnType = await client.governance.getProposal(1n);
 * ```
 */
export type GetProposalReturnType = CeloProposal & { blockNumber: bigint };

/**
 * The errors {@link getProposal} throws.
 *
 * @example
 * ```ts
 * import type { GetProposalErrorType } from "@preflow/core";
 * ```
 */
export type GetProposalErrorType = CeloStakingReadErrorType | CeloGovernanceRefusedError;

/**
 * Reads one governance proposal on chain: stage, proposer, deposit, description URL, approval, upvotes, vote
 * totals and, with `account`, that account's vote. Throws `CeloGovernanceRefusedError` (`unknown-proposal`) when
 * no proposal has that id. A tracked read (`governance.getProposal`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetProposalErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getProposal } from "@preflow/core";
 * const p = await getProposal(createSdkBaseClient(), { proposalId: 1n });
 * console.log(p.stage, p.votes.yes.formatted);
 * ```
 */
export async function getProposal(
  client: SdkBaseClient,
  parameters: GetProposalParameters,
): Promise<GetProposalReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["proposalId", "account", "signal"]);
  const proposalId = parseProposalId(raw.proposalId);
  const account = raw.account === undefined ? undefined : parseAddress(raw.account, "account");
  const signal = parseSignal(raw.signal);
  return client.track("governance.getProposal", account, async () => {
    const s = await readCeloGovernance(client, account, proposalId, signal);
    const found = s.proposals.find((p) => p.id === proposalId);
    if (!found || found.proposer === "0x0000000000000000000000000000000000000000") {
      throw new CeloGovernanceRefusedError({
        operation: "read the proposal",
        reason: "unknown-proposal",
        message: `there is no governance proposal ${proposalId} (${s.proposalCount} proposals so far)`,
        details: { proposalId: proposalId.toString(), proposalCount: s.proposalCount.toString() },
      });
    }
    return { ...toCeloProposal(found, account !== undefined), blockNumber: s.blockNumber };
  });
}
