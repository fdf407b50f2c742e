import { describeValue, SdkError } from "../errors/base.js";

/**
 * An ENS name that is not a valid name: not a string, empty, with an empty label, or refused by ENSIP-15
 * normalization (viem's `normalize`). Thrown before any network I/O.
 *
 * @example
 * ```ts
 * import { InvalidEnsNameError } from "@preflow/core";
 *
 * try {
 *   await client.ens.resolveEns("alice..celo.eth");
 * } catch (error) {
 *   if (error instanceof InvalidEnsNameError) console.error(error.details.rule);
 * }
 * ```
 */
export class InvalidEnsNameError extends SdkError {
  constructor(name: unknown, rule: string, cause?: unknown) {
    super(
      "INVALID_ENS_NAME",
      `Invalid \`name\` (got ${describeValue(name)}): ${rule}. Pass an ENS name such as "alice.celo.eth" or "vitalik.eth".`,
      {
        details: { field: "name", value: describeValue(name), rule },
        ...(cause === undefined ? {} : { cause }),
      },
    );
    this.name = "InvalidEnsNameError";
  }
}

/**
 * `network: "ethereum"` was asked for, but the client has no `ethRpcUrl` (Ethereum mainnet RPC). Thrown before
 * any network I/O.
 *
 * @example
 * ```ts
 * import { createSdkClient, MissingEthRpcUrlError } from "@preflow/core";
 *
 * try {
 *   await createSdkClient().ens.resolveEns("vitalik.eth", "ethereum");
 * } catch (error) {
 *   if (error instanceof MissingEthRpcUrlError) console.error(error.details.option); // "ethRpcUrl"
 * }
 * ```
 */
export class MissingEthRpcUrlError extends SdkError {
  constructor(name: string) {
    super(
      "MISSING_ETH_RPC_URL",
      `Resolving ${JSON.stringify(name)} on network "ethereum" needs an Ethereum mainnet RPC: set the \`ethRpcUrl\` option of createSdkClient (for example createSdkClient({ ethRpcUrl: "https://..." })).`,
      { details: { option: "ethRpcUrl", name, network: "ethereum" } },
    );
    this.name = "MissingEthRpcUrlError";
  }
}

/**
 * The name cannot be resolved on the network asked for: on the chain-native network (`"celo"`, chain 42220) only
 * names under `celo.eth` exist. Resolve other names with `network: "ethereum"`. Thrown before any network I/O.
 *
 * @example
 * ```ts
 * import { UnsupportedEnsNameError } from "@preflow/core";
 *
 * try {
 *   await client.ens.resolveEns("vitalik.eth"); // network "celo" by default
 * } catch (error) {
 *   if (error instanceof UnsupportedEnsNameError) await client.ens.resolveEns("vitalik.eth", "ethereum");
 * }
 * ```
 */
export class UnsupportedEnsNameError extends SdkError {
  constructor(name: string, network: string, rule: string, suggestion: string) {
    super(
      "UNSUPPORTED_ENS_NAME",
      `Cannot resolve ${JSON.stringify(name)} on network "${network}": ${rule}. ${suggestion}`,
      {
        details: { field: "name", value: name, network, rule, suggestion },
      },
    );
    this.name = "UnsupportedEnsNameError";
  }
}

/**
 * The `network` argument of `resolveEns` is neither `"celo"` nor `"ethereum"`. Thrown before any network I/O.
 *
 * @example
 * ```ts
 * import { InvalidEnsNetworkError } from "@preflow/core";
 *
 * try {
 *   await client.ens.resolveEns("alice.celo.eth", "base" as never);
 * } catch (error) {
 *   if (error instanceof InvalidEnsNetworkError) console.error(error.details.allowed); // ["celo", "ethereum"]
 * }
 * ```
 */
export class InvalidEnsNetworkError extends SdkError {
  constructor(network: unknown, allowed: readonly string[]) {
    super(
      "INVALID_ENS_NETWORK",
      `Invalid \`network\` (got ${describeValue(network)}): must be one of ${allowed.map((n) => `"${n}"`).join(", ")}.`,
      { details: { field: "network", value: describeValue(network), allowed: [...allowed] } },
    );
    this.name = "InvalidEnsNetworkError";
  }
}
