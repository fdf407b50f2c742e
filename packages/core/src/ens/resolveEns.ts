import { type Address, createPublicClient, http, type PublicClient } from "viem";
import { mainnet } from "viem/chains";
import type { ClientContext } from "../client/context.js";
import { MissingEthRpcUrlError } from "./errors.js";
import { type EnsNetwork, parseEnsName, parseEnsNetwork } from "./parseEnsName.js";
import { assertCeloName, resolveCeloName } from "./resolveCeloName.js";
import { resolveEthereumName } from "./resolveEthereumName.js";

/**
 * What `resolveEns` returns: the address, or `null` when the name exists nowhere, has expired (`celo.eth`
 * names) or has no address record.
 *
 * @example
 * ```ts
 * import type { ResolveEnsReturnType } from "@preflow/core";
 * const address: ResolveEnsReturnType = await client.ens.resolveEns("alice.celo.eth");
 * ```
 */
export type ResolveEnsReturnType = Address | null;

/** The Ethereum mainnet client of one preflow client, made on first use and kept. @internal */
export interface EthereumClientCache {
  get(ethRpcUrl: string): PublicClient;
}

/** A lazily made viem client over `ethRpcUrl` (mainnet, JSON-RPC batching, retries). @internal */
export function createEthereumClientCache(): EthereumClientCache {
  let client: PublicClient | undefined;
  return {
    get(ethRpcUrl) {
      client ??= createPublicClient({
        chain: mainnet,
        transport: http(ethRpcUrl, {
          batch: { batchSize: 100, wait: 0 },
          retryCount: 3,
          retryDelay: 150,
          timeout: 15_000,
        }),
      }) as PublicClient;
      return client;
    },
  };
}

/**
 * Resolves an ENS name to an address. The name is normalized first (ENSIP-15); every argument is checked before
 * any network I/O.
 *
 * - `network: "celo"` (the default): names under `celo.eth`, on chain 42220 through `rpcUrl`, against the chain's
 *   name registry `L2Registry` (also the names' resolver): the record of chain 42220's coin type (`0x8000a4ec`),
 *   else the coin-type-60 record; expired names give `null`. One HTTP request.
 * - `network: "ethereum"`: ENS on Ethereum mainnet through `ethRpcUrl`, by the UniversalResolver (CCIP-Read on):
 *   coin type `0x8000a4ec` first, then 60. One HTTP request when the names' resolvers are on-chain.
 *
 * A tracked read (telemetry operation `ens.resolveEns`; the resolved address is not sent).
 *
 * @throws {InvalidEnsNameError} the name is not a valid ENS name.
 * @throws {InvalidEnsNetworkError} `network` is neither `"celo"` nor `"ethereum"`.
 * @throws {UnsupportedEnsNameError} a name outside `celo.eth` on network `"celo"` (use `"ethereum"`).
 * @throws {MissingEthRpcUrlError} network `"ethereum"` without the `ethRpcUrl` option.
 * @throws {RpcError} the endpoint failed (URL redacted).
 *
 * @example
 * ```ts
 * const client = createSdkClient({ ethRpcUrl: "https://ethereum-rpc.example" });
 * await client.ens.resolveEns("alice.celo.eth");           // "0x…" or null
 * await client.ens.resolveEns("vitalik.eth", "ethereum");  // "0x…" or null
 * ```
 */
export async function resolveEns(
  ctx: ClientContext,
  ethereum: EthereumClientCache,
  name: string,
  network?: EnsNetwork,
): Promise<ResolveEnsReturnType> {
  const normalized = parseEnsName(name);
  const where = parseEnsNetwork(network);
  if (where === "celo") {
    assertCeloName(normalized);
    return ctx.track("ens.resolveEns", undefined, () => resolveCeloName(ctx.rpc, normalized));
  }
  const ethRpcUrl = ctx.config.ethRpcUrl;
  if (ethRpcUrl === undefined) throw new MissingEthRpcUrlError(normalized);
  return ctx.track("ens.resolveEns", undefined, () =>
    resolveEthereumName(ethereum.get(ethRpcUrl), ethRpcUrl, normalized),
  );
}
