import type { ClientContext } from "../client/context.js";
import type { EnsNetwork } from "./parseEnsName.js";
import { createEthereumClientCache, type ResolveEnsReturnType, resolveEns } from "./resolveEns.js";

/**
 * `client.ens`: ENS name resolution, on chain 42220 (`celo.eth` names, through `rpcUrl`) or on Ethereum mainnet
 * (through `ethRpcUrl`). Tracked by telemetry.
 *
 * @example
 * ```ts
 * const address = await client.ens.resolveEns("alice.celo.eth");
 * const onEthereum = await client.ens.resolveEns("vitalik.eth", "ethereum");
 * ```
 */
export interface EnsActions {
  /** See {@link resolveEns}. */
  resolveEns(name: string, network?: EnsNetwork): Promise<ResolveEnsReturnType>;
}

/**
 * Builds `client.ens` over a client's context (its Ethereum client is made on first use and kept). @internal
 */
export function createEnsActions(ctx: ClientContext): EnsActions {
  const ethereum = createEthereumClientCache();
  return Object.freeze({
    resolveEns: (name: string, network?: EnsNetwork) => resolveEns(ctx, ethereum, name, network),
  });
}
