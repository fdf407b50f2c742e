import type { CelinaClientOptions } from "../config/types.js";
import { type BlockchainActions, blockchainActions } from "../decorators/blockchain.js";
import { type EnsActions, ensActions } from "../decorators/ens.js";
import { type NetworkActions, networkActions } from "../decorators/network.js";
import { type TokenActions, tokenActions } from "../decorators/token.js";
import { type TransactionActions, transactionActions } from "../decorators/transaction.js";
import { type DefaultProtocolGroups, defaultProtocolGroups } from "../protocols/defaultGroups.js";
import { createSdkBaseClient } from "./createSdkBaseClient.js";
import type { SdkBaseClient } from "./types.js";

/**
 * A preflow client for chain 42220, made by {@link createSdkClient}: the base client ({@link SdkBaseClient}:
 * `config`, `attributionTags`, `publicClient`, `rpc`, `extend`...) with the standard groups `transaction`,
 * `token`, `network`, `blockchain`, `ens`, and the default protocol groups ({@link DefaultProtocolGroups}: lending).
 * More groups are added with `client.extend(...)`.
 *
 * @example
 * ```ts
 * import { createSdkClient, type SdkClient } from "@preflow/core";
 * const client: SdkClient = createSdkClient();
 * ```
 */
export type SdkClient = SdkBaseClient &
  DefaultProtocolGroups & {
    /** Prepared flows: `prepareSend`, `prepareApprove`, `prepareContractCall` ({@link TransactionActions}). */
    readonly transaction: TransactionActions;
    /** Token registry, balances, allowances ({@link TokenActions}). */
    readonly token: TokenActions;
    /** Chain status ({@link NetworkActions}). */
    readonly network: NetworkActions;
    /** Transactions and their attribution ({@link BlockchainActions}). */
    readonly blockchain: BlockchainActions;
    /** ENS names: `resolveEns(name, network?)` on chain 42220 (`celo.eth`) or Ethereum (`ethRpcUrl`) ({@link EnsActions}). */
    readonly ens: EnsActions;
  };

/**
 * Creates a preflow client for chain 42220 with the standard groups (`transaction`, `token`, `network`,
 * `blockchain`, `ens`, and {@link DefaultProtocolGroups}). Every option is validated here, before any network I/O; the first RPC use checks that
 * `rpcUrl` serves chain 42220, folded into that call's single HTTP request. For the smallest browser bundle, use
 * {@link createSdkBaseClient} with the exported actions you need instead.
 *
 * HTTP requests: none.
 *
 * @param options - {@link CelinaClientOptions}; all optional, `rpcUrl` defaults to `DEFAULT_RPC_URL`.
 * @returns The client.
 * @throws {InvalidConfigError} an option is invalid (secrets never echoed).
 * @throws {UnknownOptionError} an option name is unknown (a typo).
 *
 * @example
 * ```ts
 * import { createSdkClient } from "@preflow/core";
 *
 * const client = createSdkClient({ rpcUrl: "https://forno.celo.org", attributionTags: ["my_app"] });
 * const flow = await client.transaction.prepareSend(from, to, "USDm", "2.5");
 * const { balances } = await client.token.getBalances(from);
 * const address = await client.ens.resolveEns("alice.celo.eth");
 * ```
 */
export function createSdkClient(options?: CelinaClientOptions): SdkClient {
  return createSdkBaseClient(options)
    .extend(transactionActions)
    .extend(tokenActions)
    .extend(networkActions)
    .extend(blockchainActions)
    .extend(ensActions)
    .extend(defaultProtocolGroups);
}
