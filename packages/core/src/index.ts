// Flushes queued read telemetry of every client (for short-lived scripts and servers shutting down).

// One unknown-key check and one "did you mean" matcher for the whole SDK (from @preflow/attribution).
export { nearestKey, rejectUnknownKeys } from "@preflow/attribution";
export { type FlushTelemetryOptions, flushTelemetry } from "@preflow/telemetry";
// Actions: one operation per file, `(client, parameters)`, with their Parameters / ReturnType / ErrorType.
// Lending on Aave v3 (`client.extend(aaveActions)`).
export { aaveV3PoolAbi } from "./actions/aave/abis.js";
export { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "./actions/aave/addresses.js";
export {
  type AaveAccount,
  type AaveAmount,
  type AaveReservePosition,
  type GetAavePositionsErrorType,
  type GetAavePositionsParameters,
  type GetAavePositionsReturnType,
  getAavePositions,
} from "./actions/aave/getAavePositions.js";
export {
  DEFAULT_BORROW_HEALTH_FACTOR_FLOOR,
  type PrepareBorrowErrorType,
  type PrepareBorrowParameters,
  type PrepareBorrowReturnType,
  prepareBorrow,
} from "./actions/aave/prepareBorrow.js";
export {
  type PrepareRepayErrorType,
  type PrepareRepayParameters,
  type PrepareRepayReturnType,
  prepareRepay,
  REPAY_MAX_INTEREST_MARGIN_BPS,
} from "./actions/aave/prepareRepay.js";
export {
  type PrepareSupplyErrorType,
  type PrepareSupplyParameters,
  type PrepareSupplyReturnType,
  prepareSupply,
} from "./actions/aave/prepareSupply.js";
export {
  type PrepareWithdrawErrorType,
  type PrepareWithdrawParameters,
  type PrepareWithdrawReturnType,
  prepareWithdraw,
} from "./actions/aave/prepareWithdraw.js";
export { AAVE_V3_RESERVES, type AaveReserveSymbol } from "./actions/aave/reserves.js";
export {
  type GetTransactionErrorType,
  type GetTransactionParameters,
  type GetTransactionReturnType,
  getTransaction,
  type TransactionAttribution,
  type TransactionDetails,
} from "./actions/blockchain/getTransaction.js";
export { parseEnsName } from "./actions/ens/parseEnsName.js";
export { ENS_NETWORKS, type EnsNetwork, parseEnsNetwork } from "./actions/ens/parseEnsNetwork.js";
export { CELO_COIN_TYPE, CELO_ENS_PARENT, CELO_L2_REGISTRY_ADDRESS } from "./actions/ens/resolveCeloName.js";
export {
  type ResolveEnsErrorType,
  type ResolveEnsParameters,
  type ResolveEnsReturnType,
  resolveEns,
} from "./actions/ens/resolveEns.js";
// Swaps (Uniswap v3, Mento v3): not in createSdkClient's default groups; add them with client.extend(swapActions).
export {
  type GetMentoQuoteErrorType,
  type GetMentoQuoteParameters,
  type GetMentoQuoteReturnType,
  getMentoQuote,
} from "./actions/mento/getMentoQuote.js";
export { MENTO_ADDRESSES, mentoRouterAbi } from "./actions/mento/mentoAbis.js";
export type { MentoRouteHop } from "./actions/mento/mentoVenue.js";
export {
  type PrepareMentoSwapErrorType,
  type PrepareMentoSwapParameters,
  type PrepareMentoSwapReturnType,
  prepareMentoSwap,
} from "./actions/mento/prepareMentoSwap.js";
export {
  type GetStatusErrorType,
  type GetStatusParameters,
  type GetStatusReturnType,
  getStatus,
  type NetworkStatus,
} from "./actions/network/getStatus.js";
export {
  type ComputeMinAmountOutParameters,
  computeMinAmountOut,
} from "./actions/swap/computeMinAmountOut.js";
export {
  type GetSwapQuotesErrorType,
  type GetSwapQuotesParameters,
  type GetSwapQuotesReturnType,
  getSwapQuotes,
} from "./actions/swap/getSwapQuotes.js";
export {
  type PrepareSwapErrorType,
  type PrepareSwapParameters,
  type PrepareSwapReturnType,
  prepareSwap,
  type SwapOptions,
} from "./actions/swap/prepareSwap.js";
export type { SwapQuote, SwapVenue, SwapVenueChoice } from "./actions/swap/types.js";
export {
  type GetAllowanceErrorType,
  type GetAllowanceParameters,
  type GetAllowanceReturnType,
  getAllowance,
  type TokenAllowance,
} from "./actions/token/getAllowance.js";
export {
  type GetBalanceErrorType,
  type GetBalanceParameters,
  type GetBalanceReturnType,
  getBalance,
  type TokenBalance,
} from "./actions/token/getBalance.js";
export {
  type GetBalancesErrorType,
  type GetBalancesParameters,
  type GetBalancesReturnType,
  getBalances,
} from "./actions/token/getBalances.js";
export {
  type GetTokenInfoErrorType,
  type GetTokenInfoParameters,
  type GetTokenInfoReturnType,
  getTokenInfo,
} from "./actions/token/getTokenInfo.js";
export {
  type DecodeRevertReasonOptions,
  decodeRevertReason,
  type RevertReason,
  type RevertSource,
} from "./actions/transaction/decodeRevertReason.js";
export { executePreparedFlow } from "./actions/transaction/executePreparedFlow/executePreparedFlow.js";
export type {
  ExecutedStep,
  ExecutedStepCode,
  ExecutedStepStatus,
  ExecutePreparedFlowErrorType,
  ExecutePreparedFlowParameters,
  ExecutePreparedFlowResume,
  ExecutePreparedFlowReturnType,
  ExecutionStepEvent,
} from "./actions/transaction/executePreparedFlow/types.js";
export {
  type ApprovalAmount,
  type PrepareApproveErrorType,
  type PrepareApproveParameters,
  type PrepareApproveReturnType,
  prepareApprove,
} from "./actions/transaction/prepareApprove.js";
export {
  type ContractCall,
  type ContractCallApproval,
  type PrepareContractCallErrorType,
  type PrepareContractCallParameters,
  type PrepareContractCallReturnType,
  prepareContractCall,
} from "./actions/transaction/prepareContractCall.js";
export {
  type PrepareSendErrorType,
  type PrepareSendParameters,
  type PrepareSendReturnType,
  prepareSend,
} from "./actions/transaction/prepareSend.js";
export {
  type SimulatedAllowanceChange,
  type SimulatedAmount,
  type SimulatedBalanceChange,
  type SimulatedStep,
  type SimulatedStepStatus,
  type SimulatePreparedFlowErrorType,
  type SimulatePreparedFlowParameters,
  type SimulatePreparedFlowReturnType,
  type SimulationClient,
  type SimulationFee,
  simulatePreparedFlow,
} from "./actions/transaction/simulatePreparedFlow.js";
export {
  type GetUniswapQuoteErrorType,
  type GetUniswapQuoteParameters,
  type GetUniswapQuoteReturnType,
  getUniswapQuote,
} from "./actions/uniswap/getUniswapQuote.js";
export {
  type PrepareUniswapSwapErrorType,
  type PrepareUniswapSwapParameters,
  type PrepareUniswapSwapReturnType,
  prepareUniswapSwap,
} from "./actions/uniswap/prepareUniswapSwap.js";
export {
  UNISWAP_ADDRESSES,
  UNISWAP_FEE_TIERS,
  uniswapSwapRouter02Abi,
} from "./actions/uniswap/uniswapAbis.js";
export { decodeUniswapPath, encodeUniswapPath, type UniswapRoute } from "./actions/uniswap/uniswapPath.js";
export { UNISWAP_INTERMEDIATE_TOKENS } from "./actions/uniswap/uniswapVenue.js";
export {
  type SendPreparedFlowWithWalletErrorType,
  type SendPreparedFlowWithWalletParameters,
  type SendPreparedFlowWithWalletReturnType,
  sendPreparedFlowWithWallet,
} from "./actions/wallet/sendPreparedFlowWithWallet.js";
export {
  type PreparedCall,
  type ToCallsParameters,
  type ToCallsReturnType,
  toCalls,
} from "./actions/wallet/toCalls.js";
export { formatAmount } from "./amounts/formatAmount.js";
export { type ParseAmountParameters, parseAmount } from "./amounts/parseAmount.js";
export { CELO_CHAIN, CHAIN_ID, DEFAULT_RPC_URL, MULTICALL3_ADDRESS } from "./chain.js";
// Clients: the minimal base client, and the full client assembled from the decorator groups.
export { createSdkBaseClient } from "./clients/createSdkBaseClient.js";
export { createSdkClient, type SdkClient } from "./clients/createSdkClient.js";
export type { SdkBaseClient, SdkClientConfig, Track } from "./clients/types.js";
export { SDK_VERSION } from "./clients/version.js";
export { type ParseHttpUrlOptionParameters, parseHttpUrlOption } from "./config/parseHttpUrlOption.js";
export {
  AGENT_ID_PRIVATE_KEY_ENV,
  DEFAULT_AGENT_ID_API_BASE,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_COUNT,
  DEFAULT_TIMEOUT_MS,
  type ResolvedConfig,
} from "./config/resolveConfig.js";
export { Secret } from "./config/secret.js";
export type { CelinaClientOptions, SdkConfig } from "./config/types.js";
export {
  type AaveActions,
  type AaveHealthOptions,
  aaveActions,
} from "./decorators/aave.js";
export { type BlockchainActions, blockchainActions } from "./decorators/blockchain.js";
export { type EnsActions, ensActions } from "./decorators/ens.js";
export { type MentoActions, mentoActions } from "./decorators/mento.js";
export { type NetworkActions, networkActions } from "./decorators/network.js";
export { type SwapActions, swapActions } from "./decorators/swap.js";
export { type TokenActions, tokenActions } from "./decorators/token.js";
export { type TransactionActions, transactionActions } from "./decorators/transaction.js";
export { type UniswapActions, uniswapActions } from "./decorators/uniswap.js";
// One redactor, one error summariser, one value preview for the whole SDK (from @preflow/attribution).
export { describeValue } from "./errors/base.js";
export * from "./errors/index.js";
export {
  type ErrorSummary,
  errorCauses,
  redactSecrets,
  redactUrl,
  summarizeError,
} from "./errors/redact.js";
export {
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_OF_TOKEN,
  type FeeCurrencyInput,
} from "./fees/feeCurrencies.js";
export {
  type FeeCurrency,
  type GetFeeCurrenciesErrorType,
  type GetFeeCurrenciesParameters,
  type GetFeeCurrenciesReturnType,
  getFeeCurrencies,
} from "./fees/getFeeCurrencies.js";
export type { FlowFee } from "./fees/planFee.js";
export { type BuildApproveStepParameters, buildApproveStep } from "./flow/buildApproveStep.js";
export { type FlowMismatch, findFlowMismatches } from "./flow/findFlowMismatches.js";
export { formatPreparedFlow } from "./flow/formatPreparedFlow.js";
export { MAX_PREPARED_FLOW_STEPS, parsePreparedFlow } from "./flow/parsePreparedFlow.js";
export { type TransactionRequestOfStep, toTransactionRequest } from "./flow/toTransactionRequest.js";
export type {
  ApproveIntent,
  ContractCallIntent,
  FlowIntent,
  JsonValue,
  LendingIntent,
  PreparedStep,
  PreparedStepKind,
  SendIntent,
  SerializedPreparedFlow,
  StepCall,
  SwapIntent,
} from "./flow/types.js";
export type { ActionOptions, RpcCall, SdkRpc } from "./rpc/createRpc.js";
export {
  type DecodeFunctionResultStrictErrorType,
  type DecodeFunctionResultStrictParameters,
  type DecodeFunctionResultStrictReturnType,
  decodeFunctionResultStrict,
} from "./rpc/decodeFunctionResultStrict.js";
export {
  type ReadBatchErrorType,
  type ReadBatchParameters,
  type ReadBatchReturnType,
  type ReadCall,
  type ReadResult,
  readBatch,
} from "./rpc/readBatch.js";
export { toRpcError } from "./rpc/toRpcError.js";
export { TOKENS, type TokenInfo, type TokenSymbol } from "./tokens/registry.js";
export { resolveToken, type TokenInput } from "./tokens/resolveToken.js";
export { type ParseAddressOptions, parseAddress } from "./validation/parseAddress.js";
