import { type Address, getAddress, isAddress, type PublicClient, toCoinType } from "viem";
import { getEnsAddress } from "viem/actions";
import { toRpcError } from "../rpc/toRpcError.js";

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
): Promise<Address | null> {
  let chainRecord: Address | null;
  let ethRecord: Address | null;
  try {
    [chainRecord, ethRecord] = await Promise.all([
      getEnsAddress(client, { name, coinType: toCoinType(42220) }),
      getEnsAddress(client, { name }),
    ]);
  } catch (error) {
    throw toRpcError(error, ethRpcUrl, "eth_call");
  }
  for (const record of [chainRecord, ethRecord]) {
    // viem returns a coin-type record as raw bytes: only a 20-byte, non-zero value is an address here.
    if (record !== null && isAddress(record, { strict: false }) && BigInt(record) !== 0n) {
      return getAddress(record);
    }
  }
  return null;
}
