import type { SdkBaseClient } from "../../clients/types.js";
import { PREPARE_OPTION_KEYS, type PrepareOptions } from "../../fees/flowFee.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { parseOptions } from "../../validation/parseOptions.js";
import type { GetGovernanceProposalReturnType } from "./actions/getGovernanceProposal.js";
import type { GetGovernanceProposalsReturnType } from "./actions/getGovernanceProposals.js";
import type { PrepareGovernanceDelegateReturnType } from "./actions/prepareGovernanceDelegate.js";
import type { PrepareGovernanceRevokeUpvoteReturnType } from "./actions/prepareGovernanceRevokeUpvote.js";
import type { PrepareGovernanceUndelegateReturnType } from "./actions/prepareGovernanceUndelegate.js";
import type { PrepareGovernanceUpvoteReturnType } from "./actions/prepareGovernanceUpvote.js";
import type { PrepareGovernanceVoteReturnType } from "./actions/prepareGovernanceVote.js";
import {
  getGovernanceProposal,
  getGovernanceProposals,
  prepareGovernanceDelegate,
  prepareGovernanceRevokeUpvote,
  prepareGovernanceUndelegate,
  prepareGovernanceUpvote,
  prepareGovernanceVote,
} from "./governanceLazyActions.js";
import type { GovernanceVoteValue } from "./parameters.js";

/**
 * Options of `client.governance.getProposal`: whose vote to read, and an abort signal.
 *
 * @example
 * ```ts
 * import type { GetProposalOptions } from "@preflow/core";
 * const options: GetProposalOptions = { account: "0x1111111111111111111111111111111111111111" };
 * ```
 */
export interface GetProposalOptions extends ActionOptions {
  /** Also read this account's vote. */
  account?: string | undefined;
}

/**
 * `client.governance`: Celo governance on chain (Governance, LockedGold): proposals by stage, upvotes, referendum
 * votes and delegation of voting power. Every method costs ONE HTTP request; a `prepare*` paying gas in a fee
 * currency (`feeCurrency`) costs two, since its calldata depends on the first read.
 *
 * @example
 * ```ts
 * import { createSdkClient } from "@preflow/core";
 * const client = createSdkClient();
 * const { referendum } = await client.governance.getProposals();
 * ```
 */
export interface GovernanceActions {
  /**
   * The queue and the dequeued proposals by stage, read on chain. The client form of {@link getGovernanceProposals}. HTTP
   * requests: 1.
   *
   * @throws {@link GetGovernanceProposalsErrorType}
   *
   * @example
   * ```ts
   * const { queue, referendum } = await client.governance.getProposals();
   * ```
   */
  getProposals(options?: ActionOptions): Promise<GetGovernanceProposalsReturnType>;
  /**
   * One proposal (and `options.account`'s vote). The client form of {@link getGovernanceProposal}. HTTP requests: 1.
   *
   * @throws {@link GetGovernanceProposalErrorType}
   *
   * @example
   * ```ts
   * const proposal = await client.governance.getProposal(1n, { account });
   * ```
   */
  getProposal(
    proposalId: bigint | number | string,
    options?: GetProposalOptions,
  ): Promise<GetGovernanceProposalReturnType>;
  /**
   * Upvotes a queued proposal. The client form of {@link prepareGovernanceUpvote}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareGovernanceUpvoteErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.governance.prepareUpvote(from, 2n);
   * ```
   */
  prepareUpvote(
    from: string,
    proposalId: bigint | number | string,
    options?: PrepareOptions,
  ): Promise<PrepareGovernanceUpvoteReturnType>;
  /**
   * Votes on a referendum. The client form of {@link prepareGovernanceVote}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareGovernanceVoteErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.governance.prepareVote(from, 1n, "yes");
   * ```
   */
  prepareVote(
    from: string,
    proposalId: bigint | number | string,
    value: GovernanceVoteValue,
    options?: PrepareOptions,
  ): Promise<PrepareGovernanceVoteReturnType>;
  /**
   * Revokes the account's upvote. The client form of {@link prepareGovernanceRevokeUpvote}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareGovernanceRevokeUpvoteErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.governance.prepareRevokeUpvote(from);
   * ```
   */
  prepareRevokeUpvote(
    from: string,
    options?: PrepareOptions,
  ): Promise<PrepareGovernanceRevokeUpvoteReturnType>;
  /**
   * Delegates a percentage of governance voting power. The client form of {@link prepareGovernanceDelegate}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareGovernanceDelegateErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.governance.prepareDelegate(from, to, "50");
   * ```
   */
  prepareDelegate(
    from: string,
    to: string,
    percent: string | number,
    options?: PrepareOptions,
  ): Promise<PrepareGovernanceDelegateReturnType>;
  /**
   * Takes back delegated voting power. The client form of {@link prepareGovernanceUndelegate}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareGovernanceUndelegateErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.governance.prepareUndelegate(from, to, "50");
   * ```
   */
  prepareUndelegate(
    from: string,
    to: string,
    percent: string | number,
    options?: PrepareOptions,
  ): Promise<PrepareGovernanceUndelegateReturnType>;
}

/**
 * The `governance` group as a decorator: `createSdkBaseClient().extend(governanceActions)` gives
 * `client.governance` ({@link GovernanceActions}). Part of {@link createSdkClient}; each action loads on its
 * first call.
 *
 * @param client - Any preflow client.
 * @returns `{ governance }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, governanceActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(governanceActions);
 * const proposal = await client.governance.getProposal(1n);
 * ```
 */
export function governanceActions(client: SdkBaseClient): { governance: GovernanceActions } {
  const o = (rest: ActionOptions | undefined) => parseOptions(rest);
  const p = (rest: PrepareOptions | undefined) => parseOptions(rest, PREPARE_OPTION_KEYS);
  // Each action loads its module on its first call (./governanceLazyActions.ts).
  return {
    governance: Object.freeze({
      getProposals: async (rest?: ActionOptions) => getGovernanceProposals(client, { ...o(rest) }),
      getProposal: async (proposalId: bigint | number | string, rest?: GetProposalOptions) =>
        getGovernanceProposal(client, { ...parseOptions(rest, ["account", "signal"]), proposalId }),
      prepareUpvote: async (from: string, proposalId: bigint | number | string, rest?: PrepareOptions) =>
        prepareGovernanceUpvote(client, { ...p(rest), from, proposalId }),
      prepareVote: async (
        from: string,
        proposalId: bigint | number | string,
        value: GovernanceVoteValue,
        rest?: PrepareOptions,
      ) => prepareGovernanceVote(client, { ...p(rest), from, proposalId, value }),
      prepareRevokeUpvote: async (from: string, rest?: PrepareOptions) =>
        prepareGovernanceRevokeUpvote(client, { ...p(rest), from }),
      prepareDelegate: async (from: string, to: string, percent: string | number, rest?: PrepareOptions) =>
        prepareGovernanceDelegate(client, { ...p(rest), from, to, percent }),
      prepareUndelegate: async (from: string, to: string, percent: string | number, rest?: PrepareOptions) =>
        prepareGovernanceUndelegate(client, { ...p(rest), from, to, percent }),
    }),
  };
}
