import type { Address } from "viem";

/**
 * The account that provides the prebuilt state's liquidity (Uniswap positions, Mento pool reserves, Aave
 * supplies). It has no key: the build impersonates it. Devnet only.
 */
export const SEED_LIQUIDITY_PROVIDER: Address = "0x00000000000000000000000000000000de7a5EED";
