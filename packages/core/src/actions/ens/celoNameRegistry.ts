// The `celo.eth` name registry of chain 42220: its address, parent name and coin type, in a module of their own so
// that importing them does not load `resolveEns` (which loads on its first call).
import type { Address } from "viem";

/**
 * The name registry of `celo.eth` names on chain 42220 (`L2Registry`), which is also their resolver.
 *
 * @example
 * ```ts
 * import { CELO_L2_REGISTRY_ADDRESS } from "@preflow/core";
 * ```
 */
export const CELO_L2_REGISTRY_ADDRESS: Address = "0x4d7912779679AFdC592CBd4674b32Fcb189395F7";

/**
 * The ENSIP-11 coin type of chain 42220 (`toCoinType(42220)`, `0x8000a4ec`).
 *
 * @example
 * ```ts
 * import { CELO_COIN_TYPE } from "@preflow/core";
 * CELO_COIN_TYPE; // 2147525868n
 * ```
 */
export const CELO_COIN_TYPE = 2147525868n;

/**
 * The parent of every name that resolves on the chain-native network.
 *
 * @example
 * ```ts
 * import { CELO_ENS_PARENT } from "@preflow/core";
 * "alice.celo.eth".endsWith(`.${CELO_ENS_PARENT}`); // true
 * ```
 */
export const CELO_ENS_PARENT = "celo.eth";
