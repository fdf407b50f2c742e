import type { Address } from "viem";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { type CeloAmount, celoAmount, fixidityPercent } from "../amounts.js";
import type { CeloStakingReadErrorType } from "../errors.js";
import { readCeloGroups } from "../lens.js";
import { signalOnlyReadAction } from "../signalOnlyRead.js";

/**
 * Parameters of {@link getStakingValidatorGroups}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetStakingValidatorGroupsParameters } from "@preflow/core";
 * const parameters: GetStakingValidatorGroupsParameters = {};
 * ```
 */
export interface GetStakingValidatorGroupsParameters extends ActionOptions {}

/**
 * A registered validator group (a community RPC provider since Celo became an L2).
 *
 * @example
 * ```ts
 * import type { CeloValidatorGroup } from "@preflow/core";
 * const open = (g: CeloValidatorGroup) => g.eligible && g.remainingCapacity.value > 0n;
 * ```
 */
export interface CeloValidatorGroup {
  address: Address;
  /** The name set in Accounts (`""` when none). */
  name: string;
  members: Address[];
  /** The group's commission on rewards, percent (`"10"`). */
  commissionPercent: string;
  /** Votes for the group (pending and active). */
  votes: CeloAmount;
  /** The most votes the group can hold (`Election.getNumVotesReceivable`). */
  capacity: CeloAmount;
  /** `capacity - votes` (0 when over). */
  remainingCapacity: CeloAmount;
  /** Whether the group can receive votes. */
  eligible: boolean;
}

/**
 * The return type of {@link getStakingValidatorGroups}.
 *
 * @example
 * ```ts
 * import type { GetStakingValidatorGroupsReturnType } from "@preflow/core";
 * const { groups }: GetStakingValidatorGroupsReturnType = await client.staking.getValidatorGroups();
 * ```
 */
export interface GetStakingValidatorGroupsReturnType {
  /** Every registered group, in Validators' order. */
  groups: CeloValidatorGroup[];
}

/**
 * The errors {@link getStakingValidatorGroups} throws.
 *
 * @example
 * ```ts
 * import type { GetStakingValidatorGroupsErrorType } from "@preflow/core";
 * ```
 */
export type GetStakingValidatorGroupsErrorType = CeloStakingReadErrorType;

/**
 * Reads every registered validator group with its name, members, commission, votes, capacity and eligibility. A
 * tracked read (`staking.getValidatorGroups`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetStakingValidatorGroupsErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getStakingValidatorGroups } from "@preflow/core";
 * const { groups } = await getStakingValidatorGroups(createSdkBaseClient(), {});
 * for (const g of groups) console.log(g.name, g.votes.formatted, g.remainingCapacity.formatted);
 * ```
 */
export const getStakingValidatorGroups = signalOnlyReadAction<
  GetStakingValidatorGroupsParameters,
  GetStakingValidatorGroupsReturnType
>("staking.getValidatorGroups", async (client, signal) => {
  const groups = await readCeloGroups(client, signal);
  return {
    groups: groups.map((g) => ({
      address: g.group,
      name: g.name,
      members: [...g.members],
      commissionPercent: fixidityPercent(g.commission),
      votes: celoAmount(g.votes),
      capacity: celoAmount(g.receivable),
      remainingCapacity: celoAmount(g.receivable > g.votes ? g.receivable - g.votes : 0n),
      eligible: g.eligible,
    })),
  };
});
