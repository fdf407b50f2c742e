import { type Chain, defineChain } from "viem";

/** The viem chain of a devnet: id 42220 (as mainnet), native currency CELO, RPC at `rpcUrl`. */
export function devnetChain(rpcUrl: string): Chain {
  return defineChain({
    id: 42220,
    name: "preflow devnet (42220)",
    nativeCurrency: { name: "Celo", symbol: "CELO", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: "0xcA11bde05977b3631167028862bE2a173976CA11" } },
  });
}
