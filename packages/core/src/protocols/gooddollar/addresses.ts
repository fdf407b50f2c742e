import type { Address } from "viem";

/**
 * GoodDollar on chain 42220 (`@gooddollar/goodprotocol`'s `releases/deployment.json`, production-celo): the G$
 * token, Identity (the whitelist of verified people), UBIScheme (the daily claim), and the Mento reserve G$ trades
 * against: the Broker that quotes and swaps, the GoodDollar exchange provider, and the id of its G$/USDm exchange.
 *
 * @example
 * ```ts
 * import { GOODDOLLAR_ADDRESSES } from "@preflow/core";
 * GOODDOLLAR_ADDRESSES.ubiScheme; // "0x43d72Ff17701B2DA814620735C39C620Ce0ea4A1"
 * ```
 */
export const GOODDOLLAR_ADDRESSES = Object.freeze({
  goodDollar: "0x62B8B11039FcfE5aB0C56E502b1C372A3d2a9c7A",
  identity: "0xC361A6E67822a0EDc17D899227dd9FC50BD62F42",
  ubiScheme: "0x43d72Ff17701B2DA814620735C39C620Ce0ea4A1",
  broker: "0x88de45906D4F5a57315c133620cfa484cB297541",
  exchangeProvider: "0x2fFBB49055d487DdBBb0C052Cd7c2a02A7971e41",
} as const satisfies Record<string, Address>);

/** The G$/USDm exchange of GoodDollar's reserve (goodprotocol's `CUSDExchangeId`). */
export const GOODDOLLAR_CUSD_EXCHANGE_ID =
  "0xba77f5c7bb3317643c6d81d1ef3f9913561741d92095f88efa402faf2cbe9124" as const;

/** The label of the UBIScheme in a step's `call.contract` and in previews. */
export const GOODDOLLAR_UBI_SCHEME_LABEL = "GoodDollar UBIScheme";
/** The label of the reserve's Broker in a step's `call.contract` and in previews. */
export const GOODDOLLAR_BROKER_LABEL = "GoodDollar reserve Broker";
