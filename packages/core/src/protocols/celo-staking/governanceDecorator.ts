import type { SdkBaseClient } from "../../clients/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { parseOptions } from "../../validation/parseOptions.js";
import type { GetProposalReturnType } from "./actions/getProposal.js";
import type { GetProposalsReturnType } from "./actions/getProposals.js";
import type { PrepareDelegateReturnType } from "./actions/prepareDelegate.js";
import type { PrepareGovernanceVoteReturnType } from "./actions/prepareGovernanceVote.js";
import type { PrepareRevokeUpvoteReturnType } from "./actions/prepareRevokeUpvote.js";
import type { PrepareUndelegateReturnType } from "./actions/prepareUndelegate.js";
import type { PrepareUpvoteReturnType } from "./actions/prepareUpvote.js";
import type { GovernanceVoteValue } from "./parameters.js";
import { runLoaded } from "./stakingDecorator.js";

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
 * votes and delegation of voting power. Every method costs ONE HTTP request.
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
   * The queue and the dequeued proposals by stage, read on chain. The client form of {@link getProposals}. HTTP
   * requests: 1.
   *
   * @throws {@link GetProposalsErrorType}
   *
   * @example
   * ```ts
   * const { queue, referendum } = await client.governance.getProposals();
   * ```
   */
  getProposals(options?: ActionOptions): Promise<GetProposalsReturnType>;
  /**
   * One proposal (and `options.account`'s vote). The client form of {@link getProposal}. HTTP requests: 1.
   *
   * @throws {@link GetProposalErrorType}
   *
   * @example
   * ```ts
   * const proposal = await client.governance.getProposal(1n, { account });
   * ```
   */
  getProposal(
    proposalId: bigint | number | string,
    options?: GetProposalOptions,
  ): Promise<GetProposalReturnType>;
  /**
   * Upvotes a queued proposal. The client form of {@link prepareUpvote}. HTTP requests: 1.
   *
   * @throws {@link PrepareUpvoteErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.governance.prepareUpvote(from, 2n);
   * ```
   */
  prepareUpvote(
    from: string,
    proposalId: bigint | number | string,
    options?: ActionOptions,
  ): Promise<PrepareUpvoteReturnType>;
  /**
   * Votes on a referendum. The client form of {@link prepareGovernanceVote}. HTTP requests: 1.
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
    options?: ActionOptions,
  ): Promise<PrepareGovernanceVoteReturnType>;
  /**
   * Revokes the account's upvote. The client form of {@link prepareRevokeUpvote}. HTTP requests: 1.
   *
   * @throws {@link PrepareRevokeUpvoteErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.governance.prepareRevokeUpvote(from);
   * ```
   */
  prepareRevokeUpvote(from: string, options?: ActionOptions): Promise<PrepareRevokeUpvoteReturnType>;
  /**
   * Delegates a percentage of governance voting power. The client form of {@link prepareDelegate}. HTTP requests: 1.
   *
   * @throws {@link PrepareDelegateErrorType}
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
    options?: ActionOptions,
  ): Promise<PrepareDelegateReturnType>;
  /**
   * Takes back delegated voting power. The client form of {@link prepareUndelegate}. HTTP requests: 1.
   *
   * @throws {@link PrepareUndelegateErrorType}
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
    options?: ActionOptions,
  ): Promise<PrepareUndelegateReturnType>;
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
  return {
    governance: Object.freeze({
      getProposals: async (rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest) },
          async () => (await import("./actions/getProposals.js")).getProposals,
        ),
      getProposal: async (proposalId: bigint | number | string, rest?: GetProposalOptions) =>
        runLoaded(
          client,
          { ...parseOptions(rest, ["account", "signal"]), proposalId },
          async () => (await import("./actions/getProposal.js")).getProposal,
        ),
      prepareUpvote: async (from: string, proposalId: bigint | number | string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, proposalId },
          async () => (await import("./actions/prepareUpvote.js")).prepareUpvote,
        ),
      prepareVote: async (
        from: string,
        proposalId: bigint | number | string,
        value: GovernanceVoteValue,
        rest?: ActionOptions,
      ) =>
        runLoaded(
          client,
          { ...o(rest), from, proposalId, value },
          async () => (await import("./actions/prepareGovernanceVote.js")).prepareGovernanceVote,
        ),
      prepareRevokeUpvote: async (from: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from },
          async () => (await import("./actions/prepareRevokeUpvote.js")).prepareRevokeUpvote,
        ),
      prepareDelegate: async (from: string, to: string, percent: string | number, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, to, percent },
          async () => (await import("./actions/prepareDelegate.js")).prepareDelegate,
        ),
      prepareUndelegate: async (from: string, to: string, percent: string | number, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, to, percent },
          async () => (await import("./actions/prepareUndelegate.js")).prepareUndelegate,
        ),
    }),
  };
}
