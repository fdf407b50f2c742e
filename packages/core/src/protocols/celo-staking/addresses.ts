import type { Address } from "viem";

/**
 * Celo's core contracts for staking and governance at their chain-42220 (mainnet) proxy addresses.
 *
 * @example
 * ```ts
 * import { CELO_STAKING_ADDRESSES } from "@preflow/core";
 * CELO_STAKING_ADDRESSES.lockedGold; // "0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E"
 * ```
 */
export const CELO_STAKING_ADDRESSES = {
  accounts: "0x7d21685C17607338b313a7174bAb6620baD0aaB7",
  lockedGold: "0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E",
  election: "0x8D6677192144292870907E3Fa8A5527fE55A7ff6",
  validators: "0xaEb865bCa93DdC8F47b8e29F40C5399cE34d0C58",
  governance: "0xD533Ca259b330c7A88f74E000a3FaEa2d63B7972",
} as const satisfies Record<string, Address>;

/** Labels of the contracts in previews, `call.contract` and tool output. @internal */
export const CELO_STAKING_LABELS = {
  accounts: "Celo Accounts",
  lockedGold: "Celo LockedGold",
  election: "Celo Election",
  validators: "Celo Validators",
  governance: "Celo Governance",
} as const;
