import { type Address, createClient, getAddress, isAddress, type PublicClient, toCoinType } from "viem";
import { getEnsAddress } from "viem/actions";
import { mainnet } from "viem/chains";
import type { ResolvedConfig } from "../../config/resolveConfig.js";
import { createSdkTransport } from "../../rpc/createRpc.js";
import { toRpcError } from "../../rpc/toRpcError.js";

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
      chain: mainnet,
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
