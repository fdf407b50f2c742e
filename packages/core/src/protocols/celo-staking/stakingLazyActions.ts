// Celo staking: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads an account's staking position on Celo's core contracts: locked CELO (total, non-voting, voting), votes
 * per validator group (pending, active, and whether pending votes can be activated now), pending withdrawals
 * with their unlock times, the account's registration and its governance part. A tracked read
 * (`staking.getStakingBalances`).
 *
 * HTTP requests: 1 (one `eth_call` of preflow's read-only lens; see `CeloStakingLens.sol`).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetStakingBalancesErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getStakingBalances } from "@preflow/core";
 * const { locked, votes, pendingWithdrawals } = await getStakingBalances(createSdkBaseClient(), { account });
 * console.log(locked.total.formatted, votes.map((v) => `${v.group}: ${v.active.formatted}`));
 * ```
 *
 * @function
 */
export const getStakingBalances = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getStakingBalances.js")).getStakingBalances,
);

/**
 * Reads every registered validator group with its name, members, commission, votes, capacity and eligibility. A
 * tracked read (`staking.getValidatorGroups`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetStakingValidatorGroupsErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getStakingValidatorGroups } from "@preflow/core";
 * const { groups } = await getStakingValidatorGroups(createSdkBaseClient(), {});
 * for (const g of groups) console.log(g.name, g.votes.formatted, g.remainingCapacity.formatted);
 * ```
 *
 * @function
 */
export const getStakingValidatorGroups = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getStakingValidatorGroups.js")).getStakingValidatorGroups,
);

/**
 * Prepares locking CELO in LockedGold (locked CELO can vote for validator groups and on governance). Registers the
 * account first when it has no Celo account (`Accounts.createAccount`), relocks pending withdrawals before
 * locking new CELO (`relock`, newest first), then `lock()` with the rest as value. Refused when the CELO balance
 * is below what `lock()` sends (`not-enough-celo`; gas is on top).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareStakingLockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingLock } from "@preflow/core";
 * const flow = await prepareStakingLock(createSdkBaseClient(), { from, amount: "50" });
 * // flow.steps: [createAccount() (first time), lock() with 50 CELO]
 * ```
 *
 * @function
 */
export const prepareStakingLock = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareStakingLock.js")).prepareStakingLock,
);

/**
 * Prepares unlocking locked CELO: it becomes a pending withdrawal, withdrawable after LockedGold's unlocking period
 * (3 days on mainnet). Refused, with the amounts, when the CELO is voting for a group (`not-enough-nonvoting`:
 * revoke votes first) or backs the account's votes on governance referendums (`locked-in-governance`), or the
 * address has no Celo account (`not-an-account`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareStakingUnlockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingUnlock } from "@preflow/core";
 * const flow = await prepareStakingUnlock(createSdkBaseClient(), { from, amount: "20" });
 * ```
 *
 * @function
 */
export const prepareStakingUnlock = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareStakingUnlock.js")).prepareStakingUnlock,
);

/**
 * Prepares relocking CELO that is waiting in pending withdrawals (matured or not): `relock(index, value)` per
 * withdrawal, last index first. Refused when the pending withdrawals hold less than the amount
 * (`not-enough-pending-withdrawals`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareStakingRelockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingRelock } from "@preflow/core";
 * const flow = await prepareStakingRelock(createSdkBaseClient(), { from, amount: "20" });
 * ```
 *
 * @function
 */
export const prepareStakingRelock = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareStakingRelock.js")).prepareStakingRelock,
);

/**
 * Prepares withdrawing every matured pending withdrawal (unlocked CELO whose unlocking period has passed at the
 * block read) back to the account's balance. Refused with the time left when none has matured
 * (`no-matured-withdrawal`: `details.secondsLeft`, `details.availableAt` of the earliest; both absent when there
 * is no pending withdrawal at all).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareStakingWithdrawErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingWithdraw } from "@preflow/core";
 * const flow = await prepareStakingWithdraw(createSdkBaseClient(), { from });
 * ```
 *
 * @function
 */
export const prepareStakingWithdraw = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareStakingWithdraw.js")).prepareStakingWithdraw,
);

/**
 * Prepares a vote of locked CELO for a validator group (a pending vote, activatable from the next epoch). Checked
 * as Election would: the group is eligible (`group-not-eligible`), the vote fits its capacity
 * (`group-over-capacity`), the account has that much locked and non-voting CELO (`not-enough-nonvoting`,
 * `not-an-account`) and votes for fewer groups than the maximum (`too-many-groups`). The sorted-list neighbours
 * (`lesser`, `greater`) are computed from the eligible groups' votes.
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareStakingVoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingVote } from "@preflow/core";
 * const flow = await prepareStakingVote(createSdkBaseClient(), { from, group, amount: "30" });
 * ```
 *
 * @function
 */
export const prepareStakingVote = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareStakingVote.js")).prepareStakingVote,
);

/**
 * Prepares activating pending votes (cast in an earlier epoch) for `group`, or for every group that has some.
 * Refused when there is nothing to activate (`nothing-to-activate`; pending votes cast in this epoch activate
 * from the next).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareStakingActivateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingActivate } from "@preflow/core";
 * const flow = await prepareStakingActivate(createSdkBaseClient(), { from });
 * ```
 *
 * @function
 */
export const prepareStakingActivate = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareStakingActivate.js")).prepareStakingActivate,
);

/**
 * Prepares revoking votes for a validator group: pending votes first, then active ones, each with the sorted-list
 * neighbours Election needs for the group's new total and the group's index in the account's list. The CELO
 * becomes non-voting locked CELO. Refused when the account votes less than the amount for the group
 * (`not-enough-votes`).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareStakingRevokeErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingRevoke } from "@preflow/core";
 * const flow = await prepareStakingRevoke(createSdkBaseClient(), { from, group, amount: "30" });
 * ```
 *
 * @function
 */
export const prepareStakingRevoke = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareStakingRevoke.js")).prepareStakingRevoke,
);
