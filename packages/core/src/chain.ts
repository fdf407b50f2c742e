import type { Address } from "viem";

/**
 * The only chain preflow prepares for: Celo mainnet.
 *
 * @example
 * ```ts
 * import { CHAIN_ID } from "@preflow/core";
 * flow.chainId === CHAIN_ID; // true for every prepared flow
 * ```
 */
export const CHAIN_ID = 42220 as const;

/**
 * The public JSON-RPC endpoint of chain 42220, the default of `rpcUrl`. Free and rate-limited: fine for
 * development; production should bring a dedicated provider.
 *
 * @example
 * ```ts
 * import { createSdkClient, DEFAULT_RPC_URL } from "@preflow/core";
 * const client = createSdkClient({ rpcUrl: process.env.RPC_URL ?? DEFAULT_RPC_URL });
 * ```
 */
export const DEFAULT_RPC_URL = "https://forno.celo.org";

/**
 * Multicall3, at the same address on every chain; preflow reads balances and allowances through it.
 *
 * @example
 * ```ts
 * import { MULTICALL3_ADDRESS } from "@preflow/core";
 * console.log(MULTICALL3_ADDRESS); // 0xcA11bde05977b3631167028862bE2a173976CA11
 * ```
 */
export const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";
