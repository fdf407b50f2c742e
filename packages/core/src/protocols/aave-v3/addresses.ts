import type { Address } from "viem";

/** The Aave v3 Pool on chain 42220 (also in the object below; a plain constant keeps bundlers able to drop what does not use it). */
export const AAVE_V3_POOL_ADDRESS = "0x3E59A31363E2ad014dcbc521c4a0d5757d9f3402";

/**
 * The Aave v3 market of chain 42220 (Celo mainnet): the contracts `client.aave` calls and reads, at their
 * mainnet addresses (from `@bgd-labs/aave-address-book`, `AaveV3Celo`). aToken and debt-token addresses are not
 * listed: they are read on chain with the reserve data.
 *
 * @example
 * ```ts
 * import { AAVE_V3_ADDRESSES } from "@preflow/core";
 * AAVE_V3_ADDRESSES.pool; // "0x3E59A31363E2ad014dcbc521c4a0d5757d9f3402"
 * ```
 */
export const AAVE_V3_ADDRESSES = Object.freeze({
  /** PoolAddressesProvider: the market's registry of contracts. */
  poolAddressesProvider: "0x9F7Cf9417D5251C59fE94fB9147feEe1aAd9Cea5",
  /** The Pool (proxy): `supply`, `withdraw`, `borrow`, `repay`, `getUserAccountData`, `getReserveData`. */
  pool: AAVE_V3_POOL_ADDRESS,
  /** AaveOracle: asset prices in USD with 8 decimals. */
  oracle: "0x1e693D088ceFD1E95ba4c4a5F7EeA41a1Ec37e8b",
  /** AaveProtocolDataProvider: per-user reserve balances (`getUserReserveData`). */
  protocolDataProvider: "0x2e0f8D3B1631296cC7c56538D6Eb6032601E15ED",
} as const satisfies Record<string, Address>);

/** The label of the Pool in a step's `call.contract` and in descriptions. */
export const AAVE_V3_POOL_LABEL = "Aave v3 Pool";
