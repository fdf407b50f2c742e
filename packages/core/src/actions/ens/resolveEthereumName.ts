import {
  type Address,
  type Chain,
  createClient,
  defineChain,
  getAddress,
  isAddress,
  type PublicClient,
  toCoinType,
} from "viem";
import { getEnsAddress } from "viem/actions";
import type { ResolvedConfig } from "../../config/resolveConfig.js";
import { createSdkTransport } from "../../rpc/createRpc.js";
import { toRpcError } from "../../rpc/toRpcError.js";

/**
 * Ethereum mainnet exactly as viem's `mainnet` (`viem/chains`) defines it; test/ens.parse.test.ts checks that they
 * agree. Written here because `viem/chains` is the barrel of every chain viem knows, some of which load code of
 * their own on demand (Tempo's): a browser bundle that reaches it gains those lazily loaded modules as entries, and
 * everything of viem and ox they use lands in the page's first chunk (29 KB gzipped more for a page that only
 * prepares a send). @internal
 */
export const ETHEREUM_MAINNET: Chain = /* @__PURE__ */ defineChain({
  id: 1,
  name: "Ethereum",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  blockTime: 12_000,
  rpcUrls: { default: { http: ["https://ethereum.reth.rs/rpc"] } },
  blockExplorers: {
    default: { name: "Etherscan", url: "https://etherscan.io", apiUrl: "https://api.etherscan.io/api" },
  },
  contracts: {
    ensUniversalResolver: { address: "0xeeeeeeee14d718c2b47d9923deab1335e144eeee", blockCreated: 23_085_558 },
    multicall3: { address: "0xca11bde05977b3631167028862be2a173976ca11", blockCreated: 14_353_601 },
  },
});

/** The Ethereum mainnet clients, one per preflow client configuration, made on first use and kept. */
const ethereumClients = new WeakMap<object, PublicClient>();

/**
 * A viem client over `ethRpcUrl` (mainnet, JSON-RPC batching, the client's time-out, retries and `Retry-After`
 * cap), one per client configuration. @internal
 */
export function ethereumClientOf(owner: ResolvedConfig, ethRpcUrl: string): PublicClient {
  let client = ethereumClients.get(owner);
  if (client === undefined) {
    client = createClient({
      chain: ETHEREUM_MAINNET,
      transport: createSdkTransport(ethRpcUrl, owner.rpc, 100),
    }) as unknown as PublicClient;
    ethereumClients.set(owner, client);
  }
  return client;
}

/**
 * Resolves a normalized name on Ethereum mainnet through ENS's UniversalResolver (viem `getEnsAddress`,
 * CCIP-Read on): the record of chain 42220's coin type (`toCoinType(42220)`) first, then coin type 60
 * (`addr(node)`). Both reads are issued together, so the client's JSON-RPC batching sends them in one HTTP
 * request. @internal
 */
export async function resolveEthereumName(
  client: PublicClient,
  ethRpcUrl: string,
  name: string,
  bounds?: ResolvedConfig["rpc"],
): Promise<Address | null> {
  let chainRecord: Address | null;
  let ethRecord: Address | null;
  try {
    [chainRecord, ethRecord] = await Promise.all([
      getEnsAddress(client, { name, coinType: toCoinType(42220) }),
      getEnsAddress(client, { name }),
    ]);
  } catch (error) {
    throw toRpcError(error, { rpcUrl: ethRpcUrl, method: "eth_call (UniversalResolver)", bounds });
  }
  for (const record of [chainRecord, ethRecord]) {
    // viem returns a coin-type record as raw bytes: only a 20-byte, non-zero value is an address here.
    if (record !== null && isAddress(record, { strict: false }) && BigInt(record) !== 0n) {
      return getAddress(record);
    }
  }
  return null;
}
