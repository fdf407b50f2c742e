import { appendSdkCalldataTag } from "@preflow/attribution";
import type { Abi, Chain, ContractFunctionName, Hex, PublicClient, Transport } from "viem";
import { getTransaction, type TransactionDetails } from "../actions/blockchain/getTransaction.js";
import { getStatus, type NetworkStatus } from "../actions/network/getStatus.js";
import { getAllowance, type TokenAllowance } from "../actions/token/getAllowance.js";
import { getBalance, type TokenBalance } from "../actions/token/getBalance.js";
import { type GetBalancesReturnType, getBalances } from "../actions/token/getBalances.js";
import { type GetTokenInfoReturnType, getTokenInfo } from "../actions/token/getTokenInfo.js";
import { type ApprovalAmount, prepareApprove } from "../actions/transaction/prepareApprove.js";
import {
  type PrepareContractCallParameters,
  prepareContractCall,
} from "../actions/transaction/prepareContractCall.js";
import { prepareSend } from "../actions/transaction/prepareSend.js";
import { type AgentIdActions, createAgentIdActions } from "../agentId/createAgentIdActions.js";
import { CHAIN_ID } from "../chain.js";
import { resolveConfig } from "../config/resolveConfig.js";
import type { CelinaClientOptions } from "../config/types.js";
import { createEnsActions, type EnsActions } from "../ens/createEnsActions.js";
import type { SerializedPreparedFlow } from "../flow/types.js";
import { createRpc } from "../rpc/createRpc.js";
import type { TokenInput } from "../tokens/resolveToken.js";
import type { ClientContext } from "./context.js";
import { createTrack } from "./createTrack.js";

/**
 * `client.transaction`: operations that return prepared flows (unsigned, tagged steps). Not tracked by
 * telemetry. Each makes at most one HTTP request.
 *
 * @example
 * ```ts
 * const flow = await client.transaction.prepareSend(from, to, "USDm", "1");
 * ```
 */
export interface TransactionActions {
  /** See {@link prepareSend}. */
  prepareSend(from: string, to: string, token: TokenInput, amount: string): Promise<SerializedPreparedFlow>;
  /** See {@link prepareApprove}. */
  prepareApprove(
    from: string,
    spender: string,
    token: TokenInput,
    amount: ApprovalAmount,
  ): Promise<SerializedPreparedFlow>;
  /** See {@link prepareContractCall}. */
  prepareContractCall<
    const abi extends Abi | readonly unknown[],
    functionName extends ContractFunctionName<abi> | undefined = undefined,
  >(
    from: string,
    parameters: PrepareContractCallParameters<abi, functionName>,
  ): Promise<SerializedPreparedFlow>;
}

/**
 * `client.token`: reads of the token registry and balances (tracked by telemetry).
 *
 * @example
 * ```ts
 * const { balances } = await client.token.getBalances(owner);
 * ```
 */
export interface TokenActions {
  /** See {@link getTokenInfo}. */
  getTokenInfo(token: TokenInput): Promise<GetTokenInfoReturnType>;
  /** See {@link getBalance}. */
  getBalance(owner: string, token: TokenInput): Promise<TokenBalance>;
  /** See {@link getBalances}. */
  getBalances(owner: string, tokens?: readonly TokenInput[]): Promise<GetBalancesReturnType>;
  /** See {@link getAllowance}. */
  getAllowance(owner: string, spender: string, token: TokenInput): Promise<TokenAllowance>;
}

/**
 * `client.network`: chain status.
 *
 * @example
 * ```ts
 * const { blockNumber } = await client.network.getStatus();
 * ```
 */
export interface NetworkActions {
  /** See {@link getStatus}. */
  getStatus(): Promise<NetworkStatus>;
}

/**
 * `client.blockchain`: transactions and their attribution.
 *
 * @example
 * ```ts
 * const tx = await client.blockchain.getTransaction(hash);
 * ```
 */
export interface BlockchainActions {
  /** See {@link getTransaction}. */
  getTransaction(hash: string): Promise<TransactionDetails>;
}

/**
 * A preflow client for chain 42220, made by {@link createSdkClient}.
 *
 * @example
 * ```ts
 * import { createSdkClient, type SdkClient } from "@preflow/core";
 * const client: SdkClient = createSdkClient();
 * ```
 */
export interface SdkClient {
  readonly chainId: typeof CHAIN_ID;
  /** The normalized attribution tags applied at `prepare*`, or `undefined` (calldata untouched). */
  readonly attributionTags: readonly string[] | undefined;
  /** The viem public client over `rpcUrl` (batching, retries), for anything preflow does not cover. */
  readonly publicClient: PublicClient<Transport, Chain>;
  readonly transaction: TransactionActions;
  readonly token: TokenActions;
  readonly network: NetworkActions;
  readonly blockchain: BlockchainActions;
  /** ENS names: `resolveEns(name, network?)` on chain 42220 (`celo.eth`) or Ethereum (`ethRpcUrl`). */
  readonly ens: EnsActions;
  /** Agent identity: signed requests, verification, lookups, registration (Node only). */
  readonly agentId: AgentIdActions;
}

/**
 * Creates a preflow client for chain 42220. Every option is validated here, before any network I/O
 * (`InvalidConfigError`, `UnknownOptionError`); the first RPC use checks that `rpcUrl` serves chain 42220
 * (`ChainMismatchError` otherwise), folded into that call's single HTTP request.
 *
 * @param options - {@link CelinaClientOptions}; all optional, `rpcUrl` defaults to `DEFAULT_RPC_URL`.
 *
 * @example
 * ```ts
 * import { createSdkClient } from "@preflow/core";
 *
 * const client = createSdkClient({ rpcUrl: "https://forno.celo.org", attributionTags: ["my_app"] });
 * const flow = await client.transaction.prepareSend(from, to, "USDm", "2.5");
 * const { balances } = await client.token.getBalances(from);
 * ```
 */
export function createSdkClient(options?: CelinaClientOptions): SdkClient {
  const config = resolveConfig(options);
  const rpc = createRpc(config.rpcUrl);
  const tags = config.attributionTags;
  const { track } = createTrack(config);
  const ctx: ClientContext = {
    config,
    rpc,
    tag: tags === undefined ? (data: Hex) => data : (data: Hex) => appendSdkCalldataTag(data, tags) as Hex,
    track,
  };

  return Object.freeze({
    chainId: CHAIN_ID,
    attributionTags: tags,
    publicClient: rpc.publicClient,
    transaction: Object.freeze({
      prepareSend: (from: string, to: string, token: TokenInput, amount: string) =>
        prepareSend(ctx, from, to, token, amount),
      prepareApprove: (from: string, spender: string, token: TokenInput, amount: ApprovalAmount) =>
        prepareApprove(ctx, from, spender, token, amount),
      prepareContractCall: ((from: string, parameters: PrepareContractCallParameters) =>
        prepareContractCall(ctx, from, parameters)) as TransactionActions["prepareContractCall"],
    }),
    token: Object.freeze({
      getTokenInfo: (token: TokenInput) => getTokenInfo(ctx, token),
      getBalance: (owner: string, token: TokenInput) => getBalance(ctx, owner, token),
      getBalances: (owner: string, tokens?: readonly TokenInput[]) => getBalances(ctx, owner, tokens),
      getAllowance: (owner: string, spender: string, token: TokenInput) =>
        getAllowance(ctx, owner, spender, token),
    }),
    network: Object.freeze({ getStatus: () => getStatus(ctx) }),
    blockchain: Object.freeze({ getTransaction: (hash: string) => getTransaction(ctx, hash) }),
    ens: createEnsActions(ctx),
    agentId: createAgentIdActions(ctx),
  });
}
