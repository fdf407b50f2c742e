import type { Address } from "viem";

/** The UniversalRouter on chain 42220 (also in the object below; a plain constant keeps bundlers able to drop what does not use it). */
export const UNISWAP_V4_UNIVERSAL_ROUTER_ADDRESS = "0xcb695bc5D3Aa22cAD1E6DF07801b061a05A0233A";
/** Permit2 on chain 42220 (the same address on every chain). */
export const PERMIT2_ADDRESS = "0x000000000022D473030F116dDEE9F6B43aC78BA3";

/**
 * Uniswap v4 on chain 42220 (Celo's "Uniswap contracts" page): the PoolManager that holds every pool, the
 * V4Quoter that prices swaps, StateView (pool state by id), the UniversalRouter that executes swaps (`V4_SWAP`) and
 * Permit2, through which the router pulls the tokens sold.
 *
 * @example
 * ```ts
 * import { UNISWAP_V4_ADDRESSES } from "@preflow/core";
 * UNISWAP_V4_ADDRESSES.universalRouter; // "0xcb695bc5D3Aa22cAD1E6DF07801b061a05A0233A"
 * ```
 */
export const UNISWAP_V4_ADDRESSES = /* @__PURE__ */ Object.freeze({
  poolManager: "0x288dc841A52FCA2707c6947B3A777c5E56cd87BC",
  positionManager: "0xf7965f3981e4D5BC383BfBCb61501763e9068CA9",
  v4Quoter: "0x28566da1093609182dFf2cB2A91CFD72e61d66cd",
  stateView: "0xbc21f8720BABf4b20d195eE5C6e99c52b76F2bfb",
  universalRouter: UNISWAP_V4_UNIVERSAL_ROUTER_ADDRESS,
  permit2: PERMIT2_ADDRESS,
} as const satisfies Record<string, Address>);

/**
 * The hookless pools preflow quotes for a pair, as `[fee, tickSpacing]` (fee in hundredths of a basis point): v4's
 * customary pairings of fee and tick spacing, all quoted in the same request.
 *
 * @example
 * ```ts
 * import { UNISWAP_V4_POOL_TIERS } from "@preflow/core";
 * UNISWAP_V4_POOL_TIERS[0]; // [100, 1]
 * ```
 */
export const UNISWAP_V4_POOL_TIERS = /* @__PURE__ */ Object.freeze([
  [100, 1],
  [500, 10],
  [3000, 60],
  [10000, 200],
] as const);
