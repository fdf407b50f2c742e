import type { Address } from "viem";

/** Uniswap SwapRouter02 on chain 42220 (also in the object below; a plain constant keeps bundlers able to drop what does not use it). */
export const UNISWAP_SWAP_ROUTER02_ADDRESS = "0x5615CDAb10dc425a742d643d949a7F474C01abc4";

/**
 * Uniswap v3 on chain 42220: the QuoterV2 that prices swaps and the SwapRouter02 that executes them (Uniswap's
 * deployment for Celo; SwapRouter02's WETH9 is CELO's ERC-20).
 *
 * @example
 * ```ts
 * import { UNISWAP_ADDRESSES } from "@preflow/core";
 * UNISWAP_ADDRESSES.swapRouter02; // "0x5615CDAb10dc425a742d643d949a7F474C01abc4"
 * ```
 */
export const UNISWAP_ADDRESSES = Object.freeze({
  quoterV2: "0x82825d0554fA07f7FC52Ab63c961F330fdEFa8E8",
  swapRouter02: UNISWAP_SWAP_ROUTER02_ADDRESS,
} as const satisfies Record<string, Address>);

/**
 * The fee tiers preflow quotes, in hundredths of a basis point (`100` = 0.01 %), all in the same request.
 *
 * @example
 * ```ts
 * import { UNISWAP_FEE_TIERS } from "@preflow/core";
 * UNISWAP_FEE_TIERS; // [100, 500, 3000, 10000]
 * ```
 */
export const UNISWAP_FEE_TIERS = Object.freeze([100, 500, 3000, 10000] as const);
