import type { EstimateGasParameters, EstimateGasReturnType } from "../actions/blockchain/estimateGas.js";
import type { GetBlockParameters, GetBlockReturnType } from "../actions/blockchain/getBlock.js";
import type {
  GetLatestBlocksParameters,
  GetLatestBlocksReturnType,
} from "../actions/blockchain/getLatestBlocks.js";
import type {
  GetNftBalanceParameters,
  GetNftBalanceReturnType,
} from "../actions/blockchain/getNftBalance.js";
import type { GetNftInfoParameters, GetNftInfoReturnType } from "../actions/blockchain/getNftInfo.js";
import type { GetTransactionReturnType } from "../actions/blockchain/getTransaction.js";
import {
  estimateGas,
  getBlock,
  getLatestBlocks,
  getNftBalance,
  getNftInfo,
  getTransaction,
  readContract,
} from "../actions/blockchain/lazyActions.js";
import type { ReadContractParameters, ReadContractReturnType } from "../actions/blockchain/readContract.js";
import type { SdkBaseClient } from "../clients/types.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import { parseOptions } from "../validation/parseOptions.js";

/**
 * `client.blockchain`: transactions and their attribution, blocks, NFTs, any contract's view functions and gas
 * estimates (tracked by telemetry). One HTTP request each.
 *
 * @example
 * ```ts
 * const tx = await client.blockchain.getTransaction(hash);
 * ```
 */
export interface BlockchainActions {
  /**
   * A transaction, its receipt status (`success`, `reverted`, `pending`) and the ERC-8021 attribution in its
   * calldata (ERC-4337 bundles decoded down to their inner calls). The client form of {@link getTransaction}.
   * HTTP requests: 1.
   *
   * @param hash - The transaction hash (0x + 64 hex digits).
   * @throws {@link GetTransactionErrorType}
   *
   * @example
   * ```ts
   * const tx = await client.blockchain.getTransaction(hash);
   * if (tx.status === "success") console.log(tx.attribution.tags);
   * ```
   */
  getTransaction(hash: string, options?: ActionOptions): Promise<GetTransactionReturnType>;
  /**
   * A block by `number` or `hash`, or the latest. The client form of {@link getBlock}. HTTP requests: 1.
   *
   * @throws {@link GetBlockErrorType}
   *
   * @example
   * ```ts
   * const latest = await client.blockchain.getBlock();
   * const block = await client.blockchain.getBlock({ number: 1_000n });
   * ```
   */
  getBlock(parameters?: GetBlockParameters): Promise<GetBlockReturnType>;
  /**
   * The latest `count` blocks (1 to 20, default 5), newest first. The client form of {@link getLatestBlocks}.
   * HTTP requests: 1.
   *
   * @throws {@link GetLatestBlocksErrorType}
   *
   * @example
   * ```ts
   * const { latest, blocks } = await client.blockchain.getLatestBlocks({ count: 10 });
   * ```
   */
  getLatestBlocks(parameters?: GetLatestBlocksParameters): Promise<GetLatestBlocksReturnType>;
  /**
   * An NFT (ERC-721 or ERC-1155): owner, token URI, name, symbol. The client form of {@link getNftInfo}. HTTP
   * requests: 1.
   *
   * @throws {@link GetNftInfoErrorType}
   *
   * @example
   * ```ts
   * const { standard, owner, tokenUri } = await client.blockchain.getNftInfo({ contract, tokenId: 1n });
   * ```
   */
  getNftInfo(parameters: GetNftInfoParameters): Promise<GetNftInfoReturnType>;
  /**
   * How many NFTs of a contract an owner holds (of one id for ERC-1155). The client form of
   * {@link getNftBalance}. HTTP requests: 1.
   *
   * @throws {@link GetNftBalanceErrorType}
   *
   * @example
   * ```ts
   * const { balance } = await client.blockchain.getNftBalance({ owner, contract });
   * ```
   */
  getNftBalance(parameters: GetNftBalanceParameters): Promise<GetNftBalanceReturnType>;
  /**
   * Any `view` or `pure` function of any contract, its result JSON-safe. The client form of {@link readContract}.
   * HTTP requests: 1.
   *
   * @throws {@link ReadContractErrorType}
   *
   * @example
   * ```ts
   * const { result } = await client.blockchain.readContract({
   *   to, abi: "function decimals() view returns (uint8)", functionName: "decimals",
   * });
   * ```
   */
  readContract(parameters: ReadContractParameters): Promise<ReadContractReturnType>;
  /**
   * The gas and fee of a send or a contract call, in the chosen fee currency. The client form of
   * {@link estimateGas}. HTTP requests: 1.
   *
   * @throws {@link EstimateGasErrorType}
   *
   * @example
   * ```ts
   * const fee = await client.blockchain.estimateGas({ from, to, token: "USDm", amount: "1", feeCurrency: "USDm" });
   * ```
   */
  estimateGas(parameters: EstimateGasParameters): Promise<EstimateGasReturnType>;
}

/**
 * The `blockchain` group as a decorator: `createSdkBaseClient().extend(blockchainActions)` gives
 * `client.blockchain` ({@link BlockchainActions}). Part of {@link createSdkClient}.
 *
 * @param client - Any preflow client.
 * @returns `{ blockchain }`.
 *
 * @example
 * ```ts
 * import { blockchainActions, createSdkBaseClient } from "@preflow/core";
 * const tx = await createSdkBaseClient().extend(blockchainActions).blockchain.getTransaction(hash);
 * ```
 */
export function blockchainActions(client: SdkBaseClient): { blockchain: BlockchainActions } {
  return {
    blockchain: Object.freeze({
      getTransaction: async (hash: string, options?: ActionOptions) =>
        getTransaction(client, { ...parseOptions(options), hash }),
      getBlock: async (parameters?: GetBlockParameters) => getBlock(client, parameters ?? {}),
      getLatestBlocks: async (parameters?: GetLatestBlocksParameters) =>
        getLatestBlocks(client, parameters ?? {}),
      getNftInfo: async (parameters: GetNftInfoParameters) => getNftInfo(client, parameters),
      getNftBalance: async (parameters: GetNftBalanceParameters) => getNftBalance(client, parameters),
      readContract: async (parameters: ReadContractParameters) => readContract(client, parameters),
      estimateGas: async (parameters: EstimateGasParameters) => estimateGas(client, parameters),
    }),
  };
}
