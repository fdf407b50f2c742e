// The protocol groups createSdkClient adds to its standard groups (the generic client never names a protocol).
// A protocol's decorator joins here only when it belongs in every client; others are added with client.extend.
import type { SdkBaseClient } from "../clients/types.js";
import { type AaveActions, aaveActions } from "./aave-v3/decorator.js";
import { type GovernanceActions, governanceActions } from "./celo-staking/governanceDecorator.js";
import { type StakingActions, stakingActions } from "./celo-staking/stakingDecorator.js";

/**
 * The protocol groups of {@link createSdkClient}'s client: `aave` (lending on Aave v3: `getPositions`,
 * `prepareSupply`, `prepareWithdraw`, `prepareBorrow`, `prepareRepay`; {@link AaveActions}), `staking` and
 * `governance` (Celo staking and governance; {@link StakingActions}, {@link GovernanceActions}).
 *
 * @example
 * ```ts
 * import type { DefaultProtocolGroups } from "@preflow/core";
 * const positions = (client: DefaultProtocolGroups, owner: string) => client.aave.getPositions(owner);
 * ```
 */
export type DefaultProtocolGroups = {
  /** Lending on Aave v3 ({@link AaveActions}). */
  readonly aave: AaveActions;
  /** Locking CELO and voting for validator groups ({@link StakingActions}). */
  readonly staking: StakingActions;
  /** Celo governance: proposals, upvotes, referendum votes, delegation ({@link GovernanceActions}). */
  readonly governance: GovernanceActions;
};

/**
 * The decorator of {@link DefaultProtocolGroups} (each group loads its actions on first call).
 *
 * @param client - Any preflow client.
 * @returns The groups.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, defaultProtocolGroups } from "@preflow/core";
 * const client = createSdkBaseClient().extend(defaultProtocolGroups);
 * ```
 */
export function defaultProtocolGroups(client: SdkBaseClient): DefaultProtocolGroups {
  return { ...aaveActions(client), ...stakingActions(client), ...governanceActions(client) };
}
