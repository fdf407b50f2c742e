import { normalize } from "viem/ens";
import { InvalidEnsNameError, InvalidEnsNetworkError } from "./errors.js";

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
 * Normalizes an ENS name with ENSIP-15 (viem's `normalize`: lowercase, Unicode-normalized, emoji and
 * confusables checked) and checks its shape. Pure; no I/O.
 *
 * @throws {InvalidEnsNameError} when `name` is not a string, is empty, has an empty label, or normalization
 * refuses it.
 *
 * @example
 * ```ts
 * import { parseEnsName } from "@preflow/core";
 * parseEnsName("Alice.Celo.ETH"); // "alice.celo.eth"
 * ```
 */
export function parseEnsName(name: unknown): string {
  if (typeof name !== "string") throw new InvalidEnsNameError(name, "must be a string");
  if (name.length === 0) throw new InvalidEnsNameError(name, "must not be empty");
  let normalized: string;
  try {
    normalized = normalize(name);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]!.replace(/\.$/, "") : String(error);
    throw new InvalidEnsNameError(name, `is not a valid ENSIP-15 name (${reason})`);
  }
  if (normalized.length === 0) throw new InvalidEnsNameError(name, "must not be empty");
  if (normalized.split(".").some((label) => label.length === 0)) {
    throw new InvalidEnsNameError(name, "must not have an empty label (a leading, trailing or double dot)");
  }
  return normalized;
}

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
  throw new InvalidEnsNetworkError(network, ENS_NETWORKS);
}
