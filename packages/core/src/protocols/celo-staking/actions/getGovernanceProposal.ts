import { rejectUnknownKeys } from "@preflow/errors";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { CeloGovernanceRefusedError, type CeloStakingReadErrorType } from "../errors.js";
import { readCeloGovernance } from "../lens.js";
import { parseProposalId } from "../parameters.js";
import { type CeloProposal, toCeloProposal } from "../proposals.js";

/**
 * Parameters of {@link getGovernanceProposal}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetGovernanceProposalParameters } from "@preflow/core";
 * const parameters: GetGovernanceProposalParameters = { proposalId: 1n, account };
 * ```
 */
export interface GetGovernanceProposalParameters extends ActionOptions {
  /** The proposal id (bigint, number or decimal string). */
  proposalId: bigint | number | string;
  /** Also read this account's vote on it. */
  account?: string | undefined;
}

/**
 * The return type of {@link getGovernanceProposal}.
 *
 * @example
 * ```ts
 * import type { GetGovernanceProposalReturnType } from "@preflow/core";
 * const proposal: GetGovernanceProposalReturnType = await client.governance.getProposal(1n);
 * ```
 */
export type GetGovernanceProposalReturnType = CeloProposal & { blockNumber: bigint };

/**
 * The errors {@link getGovernanceProposal} throws.
 *
 * @example
 * ```ts
 * import type { GetGovernanceProposalErrorType } from "@preflow/core";
 * ```
 */
export type GetGovernanceProposalErrorType = CeloStakingReadErrorType | CeloGovernanceRefusedError;

/**
 * Reads one governance proposal on chain: stage, proposer, deposit, description URL, approval, upvotes, vote
 * totals and, with `account`, that account's vote. Throws `CeloGovernanceRefusedError` (`unknown-proposal`) when
 * no proposal has that id. A tracked read (`governance.getProposal`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetGovernanceProposalErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGovernanceProposal } from "@preflow/core";
 * const p = await getGovernanceProposal(createSdkBaseClient(), { proposalId: 1n });
 * console.log(p.stage, p.votes.yes.formatted);
 * ```
 */
export async function getGovernanceProposal(
  client: SdkBaseClient,
  parameters: GetGovernanceProposalParameters,
): Promise<GetGovernanceProposalReturnType> {
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
