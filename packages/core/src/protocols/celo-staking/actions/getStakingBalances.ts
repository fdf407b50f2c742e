import type { Address } from "viem";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InvalidAddressError } from "../../../errors/address.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../../rpc/readBatch.js";
import { parseAccountReadParameters } from "../../../validation/parseAccountReadParameters.js";
import { type CeloAmount, celoAmount, fixidityPercent } from "../amounts.js";
import { readCeloAccountState } from "../lens.js";

/**
 * Parameters of {@link getStakingBalances}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetStakingBalancesParameters } from "@preflow/core";
 * const parameters: GetStakingBalancesParameters = { account: "0x1111111111111111111111111111111111111111" };
 * ```
 */
export interface GetStakingBalancesParameters extends ActionOptions {
  /** The account whose locked CELO, votes and pending withdrawals to read. */
  account: string;
}

/**
 * The account's votes for one validator group.
 *
 * @example
 * ```ts
 * import type { CeloGroupVote } from "@preflow/core";
 * const vote: CeloGroupVote = balances.votes[0]!;
 * if (vote.activatable) await client.staking.prepareActivate(account, vote.group);
 * ```
 */
export interface CeloGroupVote {
  group: Address;
  /** Votes cast in this epoch or before and not yet activated. */
  pending: CeloAmount;
  /** Activated votes (they earn rewards). */
  active: CeloAmount;
  /** Whether pending votes can be activated now (they were cast in an earlier epoch). */
  activatable: boolean;
}

/**
 * A pending withdrawal: unlocked CELO that can be withdrawn from `availableAt` on (or relocked before).
 *
 * @example
 * ```ts
 * import type { CeloPendingWithdrawal } from "@preflow/core";
 * const ready = balances.pendingWithdrawals.filter((w: CeloPendingWithdrawal) => w.matured);
 * ```
 */
export interface CeloPendingWithdrawal {
  /** Its index in LockedGold's list (changes as withdrawals are withdrawn or relocked). */
  index: number;
  value: CeloAmount;
  /** Unix seconds. */
  availableAt: bigint;
  /** Whether `availableAt` has passed at the block read. */
  matured: boolean;
}

/**
 * The return type of {@link getStakingBalances}.
 *
 * @example
 * ```ts
 * import type { GetStakingBalancesReturnType } from "@preflow/core";
 * const { locked, votes }: GetStakingBalancesReturnType = await client.staking.getStakingBalances(account);
 * ```
 */
export interface GetStakingBalancesReturnType {
  account: Address;
  /** Whether the address is a registered Celo account (`Accounts.createAccount`); locking needs one. */
  registered: boolean;
  /** Liquid CELO (not locked). */
  balance: CeloAmount;
  /** Locked CELO: all of it, the part not voting for a group, and the part voting. */
  locked: { total: CeloAmount; nonvoting: CeloAmount; voting: CeloAmount };
  /** Votes per validator group (pending, active, activatable). */
  votes: CeloGroupVote[];
  /** Unlocked CELO waiting for the unlocking period. */
  pendingWithdrawals: CeloPendingWithdrawal[];
  /** Governance: voting power, locked CELO backing referendum votes, the upvoted proposal, delegations. */
  governance: {
    votingPower: CeloAmount;
    usedInReferendums: CeloAmount;
    upvotedProposal: bigint | null;
    delegatedPercent: string;
    delegations: { delegatee: Address; percent: string; amount: CeloAmount }[];
  };
  /** The current epoch (votes cast now activate from the next one). */
  epoch: bigint;
  /** LockedGold's unlocking period, seconds. */
  unlockingPeriod: bigint;
  blockNumber: bigint;
  /** The block's time, unix seconds. */
  timestamp: bigint;
}

/**
 * The errors {@link getStakingBalances} throws.
 *
 * @example
 * ```ts
 * import type { GetStakingBalancesErrorType } from "@preflow/core";
 * ```
 */
export type GetStakingBalancesErrorType = InvalidAddressError | ReadBatchErrorType;

/**
 * Reads an account's staking position on Celo's core contracts: locked CELO (total, non-voting, voting), votes
 * per validator group (pending, active, and whether pending votes can be activated now), pending withdrawals
 * with their unlock times, the account's registration and its governance part. A tracked read
 * (`staking.getStakingBalances`).
 *
 * HTTP requests: 1 (one `eth_call` of preflow's read-only lens; see `CeloStakingLens.sol`).
 *
 * @throws {@link GetStakingBalancesErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getStakingBalances } from "@preflow/core";
 * const { locked, votes, pendingWithdrawals } = await getStakingBalances(createSdkBaseClient(), { account });
 * console.log(locked.total.formatted, votes.map((v) => `${v.group}: ${v.active.formatted}`));
 * ```
 */
export async function getStakingBalances(
  client: SdkBaseClient,
  parameters: GetStakingBalancesParameters,
): Promise<GetStakingBalancesReturnType> {
  const { address: account, signal } = parseAccountReadParameters(parameters, "account");
  return client.track("staking.getStakingBalances", account, async () => {
    const s = await readCeloAccountState(client, account, signal);
    return {
      account,
      registered: s.isAccount,
      balance: celoAmount(s.balance),
      locked: {
        total: celoAmount(s.totalLocked),
        nonvoting: celoAmount(s.nonvoting),
        voting: celoAmount(s.totalLocked - s.nonvoting),
      },
      votes: s.votes.map((v) => ({
        group: v.group,
        pending: celoAmount(v.pending),
        active: celoAmount(v.active),
        activatable: v.activatable,
      })),
      pendingWithdrawals: s.withdrawalValues.map((value, index) => {
        const availableAt = s.withdrawalTimes[index] ?? 0n;
        return { index, value: celoAmount(value), availableAt, matured: s.timestamp >= availableAt };
      }),
      governance: {
        votingPower: celoAmount(s.governanceVotingPower),
        usedInReferendums: celoAmount(s.governanceVotesUsed),
        upvotedProposal: s.upvotedProposal === 0n ? null : s.upvotedProposal,
        delegatedPercent: fixidityPercent(s.delegatedFraction),
        delegations: s.delegations.map((d) => ({
          delegatee: d.delegatee,
          percent: fixidityPercent(d.fraction),
          amount: celoAmount(d.amount),
        })),
      },
      epoch: s.epoch,
      unlockingPeriod: s.unlockingPeriod,
      blockNumber: s.blockNumber,
      timestamp: s.timestamp,
    };
  });
}
