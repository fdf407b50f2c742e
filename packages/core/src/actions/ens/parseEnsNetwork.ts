import { InvalidEnsNetworkError } from "../../errors/ens.js";

/**
 * Where `resolveEns` resolves: `"celo"`, the chain-native network (chain 42220, names under `celo.eth`), or
 * `"ethereum"` (ENS on Ethereum mainnet through `ethRpcUrl`).
 *
 * @example
 * ```ts
 * import type { EnsNetwork } from "@preflow/core";
 * const network: EnsNetwork = "ethereum";
 * ```
 */
export type EnsNetwork = "celo" | "ethereum";

/**
 * The networks `resolveEns` knows, the chain-native one (the default) first.
 *
 * @example
 * ```ts
 * import { ENS_NETWORKS } from "@preflow/core";
 * ENS_NETWORKS; // ["celo", "ethereum"]
 * ```
 */
export const ENS_NETWORKS: readonly EnsNetwork[] = Object.freeze(["celo", "ethereum"] as const);

/**
 * Checks the `network` argument of `resolveEns`: `"celo"` (also when omitted) or `"ethereum"`, in any case.
 *
 * @throws {InvalidEnsNetworkError} otherwise.
 *
 * @example
 * ```ts
 * import { parseEnsNetwork } from "@preflow/core";
 * parseEnsNetwork(undefined); // "celo"
 * parseEnsNetwork("Ethereum"); // "ethereum"
 * ```
 */
export function parseEnsNetwork(network: unknown): EnsNetwork {
  if (network === undefined) return "celo";
  if (typeof network === "string") {
    const lower = network.trim().toLowerCase();
    const found = ENS_NETWORKS.find((known) => known === lower);
    if (found) return found;
  }
  throw new InvalidEnsNetworkError({ network, allowed: ENS_NETWORKS });
}
