import type { Address } from "viem";

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
  router: "0x4861840C2EfB2b98312B0aE34d86fD73E8f9B6f6",
} as const satisfies Record<string, Address>);
