// Celo governance: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads Celo governance's proposals on chain (no fetch from the web): the queue with upvotes, and the dequeued
 * proposals in referendum, execution or expiration with their vote totals. A tracked read
 * (`governance.getProposals`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetGovernanceProposalsErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGovernanceProposals } from "@preflow/core";
 * const { queue, referendum } = await getGovernanceProposals(createSdkBaseClient(), {});
 * for (const p of referendum) console.log(p.id, p.votes.yes.formatted, p.descriptionUrl);
 * ```
 *
 * @function
 */
export const getGovernanceProposals = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getGovernanceProposals.js")).getGovernanceProposals,
);

/**
 * Reads one governance proposal on chain: stage, proposer, deposit, description URL, approval, upvotes, vote
 * totals and, with `account`, that account's vote. Throws `CeloGovernanceRefusedError` (`unknown-proposal`) when
 * no proposal has that id. A tracked read (`governance.getProposal`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetGovernanceProposalErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGovernanceProposal } from "@preflow/core";
 * const p = await getGovernanceProposal(createSdkBaseClient(), { proposalId: 1n });
 * console.log(p.stage, p.votes.yes.formatted);
 * ```
 *
 * @function
 */
export const getGovernanceProposal = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getGovernanceProposal.js")).getGovernanceProposal,
);

/**
 * Prepares upvoting a queued governance proposal with all of the account's locked CELO (the most upvoted
 * proposals are dequeued into referendums, at most `concurrentProposals` a day). Refused when the account has
 * nothing locked (`not-an-account`, `no-voting-power`), the proposal is not queued (`not-queued`) or the account
 * already upvotes another queued proposal (`already-upvoted`). The queue's neighbours are computed for the new
 * upvote total. If a dequeue falls due before the transaction runs, Governance dequeues first and the upvote of
 * a proposal that left the queue does nothing.
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGovernanceUpvoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceUpvote } from "@preflow/core";
 * const flow = await prepareGovernanceUpvote(createSdkBaseClient(), { from, proposalId: 2n });
 * ```
 *
 * @function
 */
export const prepareGovernanceUpvote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGovernanceUpvote.js")).prepareGovernanceUpvote,
);

/**
 * Prepares a vote (`"yes"`, `"no"`, `"abstain"`) on a proposal in its referendum with all of the account's
 * governance voting power (its locked CELO plus what is delegated to it, minus what it delegates); a new vote
 * replaces the account's earlier one. The locked CELO then cannot be unlocked until the referendum ends. Refused
 * when the proposal is not in its referendum (`not-in-referendum`, with its stage) or the account has no voting
 * power (`not-an-account`, `no-voting-power`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGovernanceVoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceVote } from "@preflow/core";
 * const flow = await prepareGovernanceVote(createSdkBaseClient(), { from, proposalId: 1n, value: "yes" });
 * ```
 *
 * @function
 */
export const prepareGovernanceVote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGovernanceVote.js")).prepareGovernanceVote,
);

/**
 * Prepares revoking the account's upvote (so it can upvote another proposal). Refused when it has none
 * (`no-upvote`). The queue's neighbours are computed for the proposal's upvotes without this one.
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGovernanceRevokeUpvoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceRevokeUpvote } from "@preflow/core";
 * const flow = await prepareGovernanceRevokeUpvote(createSdkBaseClient(), { from });
 * ```
 *
 * @function
 */
export const prepareGovernanceRevokeUpvote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGovernanceRevokeUpvote.js")).prepareGovernanceRevokeUpvote,
);

/**
 * Prepares delegating a percentage of the account's governance voting power to another account
 * (`LockedGold.delegateGovernanceVotes`); the delegatee votes with it on referendums. Refused when the account has
 * no Celo account (`not-an-account`), when the delegatee is neither a Celo account nor an account's vote signer
 * (`delegatee-not-an-account`, with `details.field` `"to"`, `details.value` and `details.rule`: LockedGold would
 * revert with Accounts' "Must first register address with Account.createAccount"), or when it would delegate more
 * than 100 % in all (`delegation-too-large`, with what it delegates already).
 *
 * HTTP requests: 1 (the lens and the delegatee's `Accounts.voteSignerToAccount` in one batch), for every fee
 * currency (`\"auto\"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGovernanceDelegateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceDelegate } from "@preflow/core";
 * const flow = await prepareGovernanceDelegate(createSdkBaseClient(), { from, to, percent: "50" });
 * ```
 *
 * @function
 */
export const prepareGovernanceDelegate = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGovernanceDelegate.js")).prepareGovernanceDelegate,
);

/**
 * Prepares taking back a percentage of governance voting power delegated to `to`
 * (`LockedGold.revokeDelegatedGovernanceVotes`). Refused when the account delegates less than that to `to`
 * (`not-delegated`, with what it delegates).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGovernanceUndelegateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceUndelegate } from "@preflow/core";
 * const flow = await prepareGovernanceUndelegate(createSdkBaseClient(), { from, to, percent: "50" });
 * ```
 *
 * @function
 */
export const prepareGovernanceUndelegate = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGovernanceUndelegate.js")).prepareGovernanceUndelegate,
);
