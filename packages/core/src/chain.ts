import type { Address, Chain } from "viem";

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

/**
 * Chain 42220 as a viem `Chain`, the chain of `client.publicClient`. Deliberately small: it is not viem's
 * `celo` from `viem/chains` (whose Celo-specific formatters and fee-currency serializers weigh about 15 KB
 * gzipped in a browser bundle); preflow's steps are plain EIP-1559 transactions. Pass viem's `celo` to your
 * own wallet client when you need fee currencies.
 *
 * @example
 * ```ts
 * import { CELO_CHAIN } from "@preflow/core";
 * import { createWalletClient, http } from "viem";
 * const wallet = createWalletClient({ account, chain: CELO_CHAIN, transport: http() });
 * ```
 */
export const CELO_CHAIN: Chain = Object.freeze({
  id: CHAIN_ID,
  name: "Celo",
  nativeCurrency: { name: "CELO", symbol: "CELO", decimals: 18 },
  rpcUrls: { default: { http: [DEFAULT_RPC_URL] } },
  blockExplorers: { default: { name: "Celo Explorer", url: "https://celoscan.io" } },
  contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 13112599 } },
}) as Chain;
