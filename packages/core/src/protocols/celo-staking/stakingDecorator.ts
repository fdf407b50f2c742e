import type { SdkBaseClient } from "../../clients/types.js";
import { PREPARE_OPTION_KEYS, type PrepareOptions } from "../../fees/flowFee.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { parseOptions } from "../../validation/parseOptions.js";
import type { GetStakingBalancesReturnType } from "./actions/getStakingBalances.js";
import type { GetStakingValidatorGroupsReturnType } from "./actions/getStakingValidatorGroups.js";
import type { PrepareStakingActivateReturnType } from "./actions/prepareStakingActivate.js";
import type { PrepareStakingLockReturnType } from "./actions/prepareStakingLock.js";
import type { PrepareStakingRelockReturnType } from "./actions/prepareStakingRelock.js";
import type { PrepareStakingRevokeReturnType } from "./actions/prepareStakingRevoke.js";
import type { PrepareStakingUnlockReturnType } from "./actions/prepareStakingUnlock.js";
import type { PrepareStakingVoteReturnType } from "./actions/prepareStakingVote.js";
import type { PrepareStakingWithdrawReturnType } from "./actions/prepareStakingWithdraw.js";
import type { CeloActionParameters, CeloGroupVotesParameters } from "./operation.js";
import {
  getStakingBalances,
  getStakingValidatorGroups,
  prepareStakingActivate,
  prepareStakingLock,
  prepareStakingRelock,
  prepareStakingRevoke,
  prepareStakingUnlock,
  prepareStakingVote,
  prepareStakingWithdraw,
} from "./stakingLazyActions.js";

/**
 * `client.staking`: locking CELO and voting for validator groups on Celo's core contracts (LockedGold, Election).
 * Every method costs ONE HTTP request (preflow's read-only lens in one `eth_call`); a `prepare*` paying gas in a
 * fee currency (`feeCurrency`) costs two, since its calldata depends on the first read. `prepare*` return prepared
 * flows with their `intent` and `preparedAt` and are never tracked; the reads are tracked.
 *
 * @example
 * ```ts
 * import { createSdkClient } from "@preflow/core";
 * const client = createSdkClient();
 * const flow = await client.staking.prepareLock(from, "50");
 * ```
 */
export interface StakingActions {
  /**
   * The account's locked CELO, votes per group, pending withdrawals and registration. The client form of
   * {@link getStakingBalances}. HTTP requests: 1.
   *
   * @throws {@link GetStakingBalancesErrorType}
   *
   * @example
   * ```ts
   * const { locked, votes } = await client.staking.getStakingBalances(account);
   * ```
   */
  getStakingBalances(account: string, options?: ActionOptions): Promise<GetStakingBalancesReturnType>;
  /**
   * Every registered validator group with name, votes, capacity, members and eligibility. The client form of
   * {@link getStakingValidatorGroups}. HTTP requests: 1.
   *
   * @throws {@link GetStakingValidatorGroupsErrorType}
   *
   * @example
   * ```ts
   * const { groups } = await client.staking.getValidatorGroups();
   * ```
   */
  getValidatorGroups(options?: ActionOptions): Promise<GetStakingValidatorGroupsReturnType>;
  /**
   * Locks CELO (registers the account first when needed; relocks pending withdrawals before locking new CELO).
   * The client form of {@link prepareStakingLock}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareStakingLockErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareLock(from, "50");
   * ```
   */
  prepareLock(from: string, amount: string, options?: PrepareOptions): Promise<PrepareStakingLockReturnType>;
  /**
   * Unlocks CELO (refused when it votes or backs a governance vote). The client form of {@link prepareStakingUnlock}.
   * HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareStakingUnlockErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareUnlock(from, "20");
   * ```
   */
  prepareUnlock(
    from: string,
    amount: string,
    options?: PrepareOptions,
  ): Promise<PrepareStakingUnlockReturnType>;
  /**
   * Relocks CELO from pending withdrawals. The client form of {@link prepareStakingRelock}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareStakingRelockErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareRelock(from, "20");
   * ```
   */
  prepareRelock(
    from: string,
    amount: string,
    options?: PrepareOptions,
  ): Promise<PrepareStakingRelockReturnType>;
  /**
   * Withdraws every matured pending withdrawal (refused with the time left when none is). The client form of
   * {@link prepareStakingWithdraw}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareStakingWithdrawErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareWithdraw(from);
   * ```
   */
  prepareWithdraw(from: string, options?: PrepareOptions): Promise<PrepareStakingWithdrawReturnType>;
  /**
   * Votes locked CELO for a validator group (capacity and non-voting balance checked). The client form of
   * {@link prepareStakingVote}. HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareStakingVoteErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareVote(from, group, "30");
   * ```
   */
  prepareVote(
    from: string,
    group: string,
    amount: string,
    options?: PrepareOptions,
  ): Promise<PrepareStakingVoteReturnType>;
  /**
   * Activates pending votes for `group` (or every group with some). The client form of {@link prepareStakingActivate}.
   * HTTP requests: 1, for every fee currency (`"auto"` included).
   *
   * @throws {@link PrepareStakingActivateErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareActivate(from);
   * ```
   */
  prepareActivate(
    from: string,
    group?: string,
    options?: PrepareOptions,
  ): Promise<PrepareStakingActivateReturnType>;
  /**
   * Revokes votes for a group, pending first, then active. The client form of {@link prepareStakingRevoke}. HTTP
   * requests: 1.
   *
   * @throws {@link PrepareStakingRevokeErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareRevoke(from, group, "30");
   * ```
   */
  prepareRevoke(
    from: string,
    group: string,
    amount: string,
    options?: PrepareOptions,
  ): Promise<PrepareStakingRevokeReturnType>;
}

/**
 * The `staking` group as a decorator: `createSdkBaseClient().extend(stakingActions)` gives `client.staking`
 * ({@link StakingActions}). Part of {@link createSdkClient}; each action loads on its first call.
 *
 * @param client - Any preflow client.
 * @returns `{ staking }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, stakingActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(stakingActions);
 * const { locked } = await client.staking.getStakingBalances(account);
 * ```
 */
export function stakingActions(client: SdkBaseClient): { staking: StakingActions } {
  const o = (rest: ActionOptions | undefined) => parseOptions(rest);
  const p = (rest: PrepareOptions | undefined) => parseOptions(rest, PREPARE_OPTION_KEYS);
  /** A member `(from, amount, options)` (lock, unlock, relock): the options checked, then the action run. */
  const fromAmount =
    <R>(
      action: (client: SdkBaseClient, parameters: CeloActionParameters & { amount: string }) => Promise<R>,
    ) =>
    async (from: string, amount: string, rest?: PrepareOptions) =>
      action(client, { ...p(rest), from, amount });
  /** A member `(from, group, amount, options)` (vote, revoke). */
  const fromGroupAmount =
    <R>(action: (client: SdkBaseClient, parameters: CeloGroupVotesParameters) => Promise<R>) =>
    async (from: string, group: string, amount: string, rest?: PrepareOptions) =>
      action(client, { ...p(rest), from, group, amount });
  // Each action loads its module on its first call (./stakingLazyActions.ts).
  return {
    staking: Object.freeze({
      getStakingBalances: async (account: string, rest?: ActionOptions) =>
        getStakingBalances(client, { ...o(rest), account }),
      getValidatorGroups: async (rest?: ActionOptions) => getStakingValidatorGroups(client, { ...o(rest) }),
      prepareLock: fromAmount(prepareStakingLock),
      prepareUnlock: fromAmount(prepareStakingUnlock),
      prepareRelock: fromAmount(prepareStakingRelock),
      prepareWithdraw: async (from: string, rest?: PrepareOptions) =>
        prepareStakingWithdraw(client, { ...p(rest), from }),
      prepareVote: fromGroupAmount(prepareStakingVote),
      prepareActivate: async (from: string, group?: string, rest?: PrepareOptions) =>
        prepareStakingActivate(client, { ...p(rest), from, ...(group === undefined ? {} : { group }) }),
      prepareRevoke: fromGroupAmount(prepareStakingRevoke),
    }),
  };
}
