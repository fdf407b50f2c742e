import { type Address, encodeFunctionData, getAddress, type Hex, namehash, size, zeroAddress } from "viem";
import { functionAbi, param } from "../../abi/functionAbi.js";
import type { SdkBaseClient } from "../../clients/types.js";
import { UnsupportedEnsNameError } from "../../errors/ens.js";
import { blockTimestampRead, readBatch } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { CELO_COIN_TYPE, CELO_ENS_PARENT, CELO_L2_REGISTRY_ADDRESS } from "./celoNameRegistry.js";

const node = param("bytes32", "node");

/** The read side of `L2Registry` preflow uses. @internal */
export const l2RegistryAbi = [
  functionAbi("expiries", "view", [node], [param("uint256")]),
  functionAbi("addr", "view", [node], [param("address")]),
  functionAbi("addr", "view", [node, param("uint256", "coinType")], [param("bytes")]),
] as const;

/**
 * Checks that a normalized name can resolve on the chain-native network (a name under `celo.eth`).
 * @internal
 */
export function assertCeloName(name: string): void {
  if (!name.endsWith(`.${CELO_ENS_PARENT}`)) {
    throw new UnsupportedEnsNameError({
      name,
      network: "celo",
      rule: `only names under ${CELO_ENS_PARENT} resolve on chain 42220`,
      suggestion: `Resolve it with network "ethereum" (client.ens.resolveEns(name, "ethereum"), which needs ethRpcUrl).`,
    });
  }
}

/**
 * Resolves a normalized name under `celo.eth` against `L2Registry` on chain 42220, in ONE HTTP request: one
 * Multicall3 `aggregate3` (`allowFailure`) of `expiries(node)`, `addr(node, CELO_COIN_TYPE)`, `addr(node)` and the
 * block time (plus the one-time chain check in the same JSON-RPC batch). The registry keeps answering `addr` after
 * a name expired, so the expiry is compared with the block time of the same call. @internal
 */
export async function resolveCeloName(
  client: SdkBaseClient,
  name: string,
  signal?: AbortSignal,
): Promise<Address | null> {
  assertCeloName(name);
  const node = namehash(name);
  const call = (data: Hex) => ({ target: CELO_L2_REGISTRY_ADDRESS, abi: l2RegistryAbi, callData: data });
  // Every read carries its ABI: readBatch decodes each answer strictly (a wrong shape is an RpcError naming
  // the function, never a record read as absent).
  const { reads } = await readBatch(client, {
    reads: [
      call(encodeFunctionData({ abi: l2RegistryAbi, functionName: "expiries", args: [node] })),
      call(encodeFunctionData({ abi: l2RegistryAbi, functionName: "addr", args: [node, CELO_COIN_TYPE] })),
      call(encodeFunctionData({ abi: l2RegistryAbi, functionName: "addr", args: [node] })),
      blockTimestampRead(),
    ],
    signal,
  });
  const [expiryRead, coinRead, ethRead, timeRead] = reads;
  const expiry = expiryRead?.value;
  const now = timeRead?.value;
  if (typeof expiry !== "bigint" || typeof now !== "bigint") {
    throw toRpcError(
      new Error(`L2Registry ${CELO_L2_REGISTRY_ADDRESS} did not answer expiries(node) for ${name}`),
      { rpcUrl: client.rpc.rpcUrl, method: "eth_call" },
    );
  }
  if (expiry <= now) return null; // never registered (0) or expired
  // A reverted read (no record of that coin type) is `undefined`; a record of another length is not an address.
  const chainRecord = coinRead?.value as Hex | undefined;
  if (chainRecord !== undefined && size(chainRecord) === 20 && BigInt(chainRecord) !== 0n) {
    return getAddress(chainRecord);
  }
  const ethRecord = ethRead?.value as Address | undefined;
  return ethRecord === undefined || ethRecord === zeroAddress ? null : getAddress(ethRecord);
}
