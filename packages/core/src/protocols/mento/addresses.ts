import type { Address } from "viem";

/** The Mento v3 Router on chain 42220 (also in the object below; a plain constant keeps bundlers able to drop what does not use it). */
export const MENTO_ROUTER_ADDRESS = "0x4861840C2EfB2b98312B0aE34d86fD73E8f9B6f6";

/**
 * Mento v3 on chain 42220: the Router (an Aerodrome-style router over FPMM pools) that quotes and executes swaps.
 *
 * @example
 * ```ts
 * import { MENTO_ADDRESSES } from "@preflow/core";
 * MENTO_ADDRESSES.router; // "0x4861840C2EfB2b98312B0aE34d86fD73E8f9B6f6"
 * ```
 */
export const MENTO_ADDRESSES = Object.freeze({
  router: MENTO_ROUTER_ADDRESS,
} as const satisfies Record<string, Address>);
