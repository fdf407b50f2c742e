import type { SdkBaseClient } from "../../clients/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { throwIfAborted } from "../../rpc/createRpc.js";
import { parseOptions } from "../../validation/parseOptions.js";
import { parseSignal } from "../../validation/parseSignal.js";
import type { GetStakingBalancesReturnType } from "./actions/getStakingBalances.js";
import type { GetValidatorGroupsReturnType } from "./actions/getValidatorGroups.js";
import type { PrepareActivateReturnType } from "./actions/prepareActivate.js";
import type { PrepareLockReturnType } from "./actions/prepareLock.js";
import type { PrepareRelockReturnType } from "./actions/prepareRelock.js";
import type { PrepareRevokeReturnType } from "./actions/prepareRevoke.js";
import type { PrepareUnlockReturnType } from "./actions/prepareUnlock.js";
import type { PrepareVoteReturnType } from "./actions/prepareVote.js";
import type { PrepareWithdrawReturnType } from "./actions/prepareWithdraw.js";

/**
 * `client.staking`: locking CELO and voting for validator groups on Celo's core contracts (LockedGold, Election).
 * Every method costs ONE HTTP request (preflow's read-only lens in one `eth_call`). `prepare*` return prepared
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
   * {@link getValidatorGroups}. HTTP requests: 1.
   *
   * @throws {@link GetValidatorGroupsErrorType}
   *
   * @example
   * ```ts
   * const { groups } = await client.staking.getValidatorGroups();
   * ```
   */
  getValidatorGroups(options?: ActionOptions): Promise<GetValidatorGroupsReturnType>;
  /**
   * Locks CELO (registers the account first when needed; relocks pending withdrawals before locking new CELO).
   * The client form of {@link prepareLock}. HTTP requests: 1.
   *
   * @throws {@link PrepareLockErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareLock(from, "50");
   * ```
   */
  prepareLock(from: string, amount: string, options?: ActionOptions): Promise<PrepareLockReturnType>;
  /**
   * Unlocks CELO (refused when it votes or backs a governance vote). The client form of {@link prepareUnlock}.
   * HTTP requests: 1.
   *
   * @throws {@link PrepareUnlockErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareUnlock(from, "20");
   * ```
   */
  prepareUnlock(from: string, amount: string, options?: ActionOptions): Promise<PrepareUnlockReturnType>;
  /**
   * Relocks CELO from pending withdrawals. The client form of {@link prepareRelock}. HTTP requests: 1.
   *
   * @throws {@link PrepareRelockErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareRelock(from, "20");
   * ```
   */
  prepareRelock(from: string, amount: string, options?: ActionOptions): Promise<PrepareRelockReturnType>;
  /**
   * Withdraws every matured pending withdrawal (refused with the time left when none is). The client form of
   * {@link prepareWithdraw}. HTTP requests: 1.
   *
   * @throws {@link PrepareWithdrawErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareWithdraw(from);
   * ```
   */
  prepareWithdraw(from: string, options?: ActionOptions): Promise<PrepareWithdrawReturnType>;
  /**
   * Votes locked CELO for a validator group (capacity and non-voting balance checked). The client form of
   * {@link prepareVote}. HTTP requests: 1.
   *
   * @throws {@link PrepareVoteErrorType}
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
    options?: ActionOptions,
  ): Promise<PrepareVoteReturnType>;
  /**
   * Activates pending votes for `group` (or every group with some). The client form of {@link prepareActivate}.
   * HTTP requests: 1.
   *
   * @throws {@link PrepareActivateErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.staking.prepareActivate(from);
   * ```
   */
  prepareActivate(from: string, group?: string, options?: ActionOptions): Promise<PrepareActivateReturnType>;
  /**
   * Revokes votes for a group, pending first, then active. The client form of {@link prepareRevoke}. HTTP
   * requests: 1.
   *
   * @throws {@link PrepareRevokeErrorType}
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
    options?: ActionOptions,
  ): Promise<PrepareRevokeReturnType>;
}

/**
 * Loads an action's module on its first call (a separate chunk in bundles), then calls it; an aborted signal
 * stops the call before the load and before any request. @internal
 */
export async function runLoaded<P extends { signal?: unknown }, R>(
  client: SdkBaseClient,
  parameters: P,
  load: () => Promise<(client: SdkBaseClient, parameters: P) => Promise<R>>,
): Promise<R> {
  throwIfAborted(parseSignal(parameters.signal), "eth_call");
  return (await load())(client, parameters);
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
  return {
    staking: Object.freeze({
      getStakingBalances: async (account: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), account },
          async () => (await import("./actions/getStakingBalances.js")).getStakingBalances,
        ),
      getValidatorGroups: async (rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest) },
          async () => (await import("./actions/getValidatorGroups.js")).getValidatorGroups,
        ),
      prepareLock: async (from: string, amount: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, amount },
          async () => (await import("./actions/prepareLock.js")).prepareLock,
        ),
      prepareUnlock: async (from: string, amount: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, amount },
          async () => (await import("./actions/prepareUnlock.js")).prepareUnlock,
        ),
      prepareRelock: async (from: string, amount: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, amount },
          async () => (await import("./actions/prepareRelock.js")).prepareRelock,
        ),
      prepareWithdraw: async (from: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from },
          async () => (await import("./actions/prepareWithdraw.js")).prepareWithdraw,
        ),
      prepareVote: async (from: string, group: string, amount: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, group, amount },
          async () => (await import("./actions/prepareVote.js")).prepareVote,
        ),
      prepareActivate: async (from: string, group?: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, ...(group === undefined ? {} : { group }) },
          async () => (await import("./actions/prepareActivate.js")).prepareActivate,
        ),
      prepareRevoke: async (from: string, group: string, amount: string, rest?: ActionOptions) =>
        runLoaded(
          client,
          { ...o(rest), from, group, amount },
          async () => (await import("./actions/prepareRevoke.js")).prepareRevoke,
        ),
    }),
  };
}
