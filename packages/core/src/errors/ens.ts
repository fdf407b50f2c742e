import { describeValue, SdkError } from "./base.js";

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
export class InvalidEnsNameError extends SdkError<"INVALID_ENS_NAME"> {
  override readonly name: string = "InvalidEnsNameError";

  constructor(parameters: { name: unknown; rule: string; cause?: unknown }) {
    const { name, rule, cause } = parameters;
    super({
      code: "INVALID_ENS_NAME",
      message: `Invalid \`name\` (got ${describeValue(name)}): ${rule}. Pass an ENS name such as "alice.celo.eth" or "vitalik.eth".`,
      details: { field: "name", value: describeValue(name), rule },
      ...(cause === undefined ? {} : { cause }),
    });
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
export class MissingEthRpcUrlError extends SdkError<"MISSING_ETH_RPC_URL"> {
  override readonly name: string = "MissingEthRpcUrlError";

  constructor(parameters: { name: string }) {
    const { name } = parameters;
    super({
      code: "MISSING_ETH_RPC_URL",
      message: `Resolving ${JSON.stringify(name)} on network "ethereum" needs an Ethereum mainnet RPC: set the \`ethRpcUrl\` option of createSdkClient (for example createSdkClient({ ethRpcUrl: "https://..." })).`,
      details: { option: "ethRpcUrl", name, network: "ethereum" },
    });
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
export class UnsupportedEnsNameError extends SdkError<"UNSUPPORTED_ENS_NAME"> {
  override readonly name: string = "UnsupportedEnsNameError";

  constructor(parameters: { name: string; network: string; rule: string; suggestion: string }) {
    const { name, network, rule, suggestion } = parameters;
    super({
      code: "UNSUPPORTED_ENS_NAME",
      message: `Cannot resolve ${JSON.stringify(name)} on network "${network}": ${rule}. ${suggestion}`,
      details: { field: "name", value: name, network, rule, suggestion },
    });
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
export class InvalidEnsNetworkError extends SdkError<"INVALID_ENS_NETWORK"> {
  override readonly name: string = "InvalidEnsNetworkError";

  constructor(parameters: { network: unknown; allowed: readonly string[] }) {
    const { network, allowed } = parameters;
    super({
      code: "INVALID_ENS_NETWORK",
      message: `Invalid \`network\` (got ${describeValue(network)}): must be one of ${allowed.map((n) => `"${n}"`).join(", ")}.`,
      details: { field: "network", value: describeValue(network), allowed: [...allowed] },
    });
  }
}
