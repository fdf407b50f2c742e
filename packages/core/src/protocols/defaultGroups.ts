// The protocol groups createSdkClient adds to its standard groups (the generic client never names a protocol).
// A protocol's decorator joins here only when it belongs in every client; others are added with client.extend.
import type { SdkBaseClient } from "../clients/types.js";
import { type AaveActions, aaveActions } from "./aave/decorator.js";

/**
 * The protocol groups of {@link createSdkClient}'s client: `aave` (lending on Aave v3: `getPositions`,
 * `prepareSupply`, `prepareWithdraw`, `prepareBorrow`, `prepareRepay`; {@link AaveActions}).
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
  return { ...aaveActions(client) };
}
