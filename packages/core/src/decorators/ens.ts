import { resolveEns } from "../actions/ens/lazyActions.js";
import type { EnsNetwork } from "../actions/ens/parseEnsNetwork.js";
import type { ResolveEnsReturnType } from "../actions/ens/resolveEns.js";
import type { SdkBaseClient } from "../clients/types.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import { parseOptions } from "../validation/parseOptions.js";

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
  /**
   * Resolves an ENS name to an address, or `null` (unregistered, expired, no address record). The name is
   * normalized first (ENSIP-15). The client form of {@link resolveEns}. HTTP requests: 1.
   *
   * @param name - An ENS name (`"alice.celo.eth"`, `"vitalik.eth"`).
   * @param network - `"celo"` (default; names under `celo.eth`) or `"ethereum"` (needs the `ethRpcUrl` option).
   * @throws {@link ResolveEnsErrorType}
   *
   * @example
   * ```ts
   * const alice = await client.ens.resolveEns("alice.celo.eth");
   * const vitalik = await client.ens.resolveEns("vitalik.eth", "ethereum");
   * ```
   */
  resolveEns(name: string, network?: EnsNetwork, options?: ActionOptions): Promise<ResolveEnsReturnType>;
}

/**
 * The `ens` group as a decorator: `createSdkBaseClient().extend(ensActions)` gives `client.ens`
 * ({@link EnsActions}). Part of {@link createSdkClient}.
 *
 * @param client - Any preflow client.
 * @returns `{ ens }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, ensActions } from "@preflow/core";
 * const address = await createSdkBaseClient().extend(ensActions).ens.resolveEns("alice.celo.eth");
 * ```
 */
export function ensActions(client: SdkBaseClient): { ens: EnsActions } {
  return {
    ens: Object.freeze({
      resolveEns: async (name: string, network?: EnsNetwork, options?: ActionOptions) =>
        resolveEns(client, { ...parseOptions(options), name, ...(network === undefined ? {} : { network }) }),
    }),
  };
}
