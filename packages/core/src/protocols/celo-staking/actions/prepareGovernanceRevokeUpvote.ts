import { rejectUnknownKeys } from "@preflow/attribution";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { CeloGovernanceRefusedError, type CeloStakingReadErrorType } from "../errors.js";
import { readCeloGovernance } from "../lens.js";
import { queueNeighbours } from "../neighbours.js";
import { buildCeloStep, celoFlow } from "../steps.js";

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
export async function prepareGovernanceRevokeUpvote(
  client: SdkBaseClient,
  parameters: PrepareGovernanceRevokeUpvoteParameters,
): Promise<PrepareGovernanceRevokeUpvoteReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["from", "signal"]);
  const from = parseAddress(raw.from, "from");
  const s = await readCeloGovernance(client, from, 0n, parseSignal(raw.signal));
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
  return celoFlow(
    from,
    `Revoke ${from}'s upvote of governance proposal ${proposalId}`,
    [
      buildCeloStep(
        "governance",
        "revokeUpvote",
        [lesser, greater],
        `Revoke the upvote of proposal ${proposalId}`,
        client.tag,
      ),
    ],
    { kind: "governanceRevokeUpvote", proposalId: proposalId.toString() },
    s.blockNumber,
  );
}
