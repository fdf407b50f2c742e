// Flushes queued read telemetry of every client (for short-lived scripts and servers shutting down).

// The SDK's base pieces, from `@preflow/errors`: one unknown-key check and "did you mean" matcher, one redactor, one
// error summariser, one value preview for the whole SDK.
export {
  describeValue,
  type ErrorSummary,
  errorCauses,
  nearestKey,
  redactSecrets,
  redactUrl,
  rejectUnknownKeys,
  summarizeError,
} from "@preflow/errors";
export { type FlushTelemetryOptions, flushTelemetry } from "@preflow/telemetry/controls";
// Chain reads: blocks, NFTs, any contract's view functions, gas estimates (client.blockchain).
export type { BlockSummary } from "./actions/blockchain/decodeBlock.js";
export type {
  EstimateGasErrorType,
  EstimateGasParameters,
  EstimateGasReturnType,
} from "./actions/blockchain/estimateGas.js";
export type {
  GetBlockErrorType,
  GetBlockParameters,
  GetBlockReturnType,
} from "./actions/blockchain/getBlock.js";
export type {
  GetLatestBlocksErrorType,
  GetLatestBlocksParameters,
  GetLatestBlocksReturnType,
  RecentBlock,
} from "./actions/blockchain/getLatestBlocks.js";
export type {
  GetNftBalanceErrorType,
  GetNftBalanceParameters,
  GetNftBalanceReturnType,
} from "./actions/blockchain/getNftBalance.js";
export type {
  GetNftInfoErrorType,
  GetNftInfoParameters,
  GetNftInfoReturnType,
} from "./actions/blockchain/getNftInfo.js";
export type {
  GetTransactionErrorType,
  GetTransactionParameters,
  GetTransactionReturnType,
  TransactionAttribution,
  TransactionDetails,
} from "./actions/blockchain/getTransaction.js";
// every blockchain action: estimateGas, getBlock, getLatestBlocks, getNftBalance, getNftInfo, getTransaction, readContract
export * from "./actions/blockchain/lazyActions.js";
export type { NftStandard } from "./actions/blockchain/nftReads.js";
export type { AbiInput } from "./actions/blockchain/parseAbiInput.js";
export type {
  ReadContractErrorType,
  ReadContractParameters,
  ReadContractReturnType,
} from "./actions/blockchain/readContract.js";
export { CELO_COIN_TYPE, CELO_ENS_PARENT, CELO_L2_REGISTRY_ADDRESS } from "./actions/ens/celoNameRegistry.js";
export { resolveEns } from "./actions/ens/lazyActions.js";
export { parseEnsName } from "./actions/ens/parseEnsName.js";
export { ENS_NETWORKS, type EnsNetwork, parseEnsNetwork } from "./actions/ens/parseEnsNetwork.js";
export type {
  ResolveEnsErrorType,
  ResolveEnsParameters,
  ResolveEnsReturnType,
} from "./actions/ens/resolveEns.js";
export type {
  GetStatusErrorType,
  GetStatusParameters,
  GetStatusReturnType,
  NetworkStatus,
} from "./actions/network/getStatus.js";
export { getStatus } from "./actions/network/lazyActions.js";
export {
  type ComputeMinAmountOutParameters,
  computeMinAmountOut,
} from "./actions/swap/computeMinAmountOut.js";
export type {
  GetSwapQuotesErrorType,
  GetSwapQuotesParameters,
  GetSwapQuotesReturnType,
} from "./actions/swap/getSwapQuotes.js";
export { getSwapQuotes, prepareSwap } from "./actions/swap/lazyActions.js";
export type {
  PrepareSwapErrorType,
  PrepareSwapParameters,
  PrepareSwapReturnType,
  SwapOptions,
} from "./actions/swap/prepareSwap.js";
export type { SwapIntent, SwapQuote, SwapVenue, SwapVenueChoice } from "./actions/swap/types.js";
export type { VenueQuote } from "./actions/swap/venueActions.js";
export type { VenueActions } from "./actions/swap/venueGroup.js";
export type {
  GetAllowanceErrorType,
  GetAllowanceParameters,
  GetAllowanceReturnType,
  TokenAllowance,
} from "./actions/token/getAllowance.js";
export type {
  GetBalanceErrorType,
  GetBalanceParameters,
  GetBalanceReturnType,
  TokenBalance,
} from "./actions/token/getBalance.js";
export type {
  GetBalancesErrorType,
  GetBalancesOptions,
  GetBalancesParameters,
  GetBalancesReturnType,
} from "./actions/token/getBalances.js";
export type {
  GetTokenInfoErrorType,
  GetTokenInfoParameters,
  GetTokenInfoReturnType,
} from "./actions/token/getTokenInfo.js";
export { getAllowance, getBalance, getBalances, getTokenInfo } from "./actions/token/lazyActions.js";
export {
  type DecodeRevertReasonOptions,
  decodeRevertReason,
  type RevertReason,
  type RevertSource,
  revertSources,
} from "./actions/transaction/decodeRevertReason.js";
export { executedFlowResult } from "./actions/transaction/executePreparedFlow/executedFlowResult.js";
export { executePreparedFlow } from "./actions/transaction/executePreparedFlow/executePreparedFlow.js";
export type {
  BeforeBroadcastStep,
  ExecutedStep,
  ExecutedStepCode,
  ExecutedStepStatus,
  ExecutePreparedFlowErrorType,
  ExecutePreparedFlowParameters,
  ExecutePreparedFlowResume,
  ExecutePreparedFlowReturnType,
  ExecutionStepEvent,
} from "./actions/transaction/executePreparedFlow/types.js";
export { simulatePreparedFlow } from "./actions/transaction/lazyActions.js";
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
  type SendAmount,
} from "./actions/transaction/prepareSend.js";
// SimulatedStep, SimulatedBalanceChange, SimulationFee, SimulatePreparedFlowParameters / ReturnType / ErrorType...
export type * from "./actions/transaction/simulatePreparedFlowTypes.js";
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
export type { SdkBaseClient, SdkClientConfig, SdkClientExtension, Track } from "./clients/types.js";
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
export { type BlockchainActions, blockchainActions } from "./decorators/blockchain.js";
export { type EnsActions, ensActions } from "./decorators/ens.js";
export { type NetworkActions, networkActions } from "./decorators/network.js";
export { type SwapActions, swapActions } from "./decorators/swap.js";
export { type TokenActions, tokenActions } from "./decorators/token.js";
export { type TransactionActions, transactionActions } from "./decorators/transaction.js";
export * from "./errors/index.js";
export type { ProtocolRefusalParameters } from "./errors/refusal.js";
export {
  type AutoFeeCurrency,
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_OF_TOKEN,
  type FeeCurrencyCandidate,
  type FeeCurrencyInput,
  type ResolvedFeeCurrencyInput,
  resolveFeeCurrencyInput,
} from "./fees/feeCurrencies.js";
export type {
  FeeCurrencyOption,
  FeeErrorType,
  PrepareOptions,
} from "./fees/flowFee.js";
export type { FlowFee } from "./fees/flowFeeType.js";
export {
  type FeeCurrency,
  type GetFeeCurrenciesErrorType,
  type GetFeeCurrenciesParameters,
  type GetFeeCurrenciesReturnType,
  getFeeCurrencies,
} from "./fees/getFeeCurrencies.js";
export { cip64FeePaid } from "./fees/signCip64Step.js";
export { type BuildApproveStepParameters, buildApproveStep } from "./flow/buildApproveStep.js";
export { type FlowMismatch, findFlowMismatches } from "./flow/findFlowMismatches.js";
export { findStepProtocol } from "./flow/findStepProtocol.js";
export { currentChainTime, isPreparedFlowExpired } from "./flow/flowClock.js";
export { type FormatPreparedFlowOptions, formatPreparedFlow } from "./flow/formatPreparedFlow.js";
export { MAX_PREPARED_FLOW_STEPS, parsePreparedFlow } from "./flow/parsePreparedFlow.js";
export { type TransactionRequestOfStep, toTransactionRequest } from "./flow/toTransactionRequest.js";
// FlowIntent, JsonValue, PreparedStep, PreparedStepKind, SerializedPreparedFlow, StepCall
export type * from "./flow/types.js";
// Lending on Aave v3 (`client.extend(aaveActions)`).
export { aaveV3PoolAbi } from "./protocols/aave-v3/abis.js";
export type {
  AaveAccount,
  AaveAmount,
  AaveReservePosition,
  GetAavePositionsErrorType,
  GetAavePositionsParameters,
  GetAavePositionsReturnType,
} from "./protocols/aave-v3/actions/getAavePositions.js";
export type {
  PrepareAaveBorrowErrorType,
  PrepareAaveBorrowParameters,
  PrepareAaveBorrowReturnType,
} from "./protocols/aave-v3/actions/prepareAaveBorrow.js";
export type {
  PrepareAaveRepayErrorType,
  PrepareAaveRepayParameters,
  PrepareAaveRepayReturnType,
} from "./protocols/aave-v3/actions/prepareAaveRepay.js";
export type {
  PrepareAaveSupplyErrorType,
  PrepareAaveSupplyParameters,
  PrepareAaveSupplyReturnType,
} from "./protocols/aave-v3/actions/prepareAaveSupply.js";
export type {
  PrepareAaveWithdrawErrorType,
  PrepareAaveWithdrawParameters,
  PrepareAaveWithdrawReturnType,
} from "./protocols/aave-v3/actions/prepareAaveWithdraw.js";
export { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "./protocols/aave-v3/addresses.js";
export {
  type AaveActions,
  type AaveHealthOptions,
  aaveActions,
} from "./protocols/aave-v3/decorator.js";
export { aaveProtocol } from "./protocols/aave-v3/definition.js";
export type { LendingIntent } from "./protocols/aave-v3/intents.js";
export {
  getAavePositions,
  prepareAaveBorrow,
  prepareAaveRepay,
  prepareAaveSupply,
  prepareAaveWithdraw,
} from "./protocols/aave-v3/lazyActions.js";
// Aave v3's refusals live in its folder; exported here as before.
export {
  AaveReadError,
  AaveReserveUnavailableError,
  AmountExceedsPositionError,
  BorrowLimitExceededError,
  HealthFactorTooLowError,
  type LendingErrorCode,
  type LendingOperation,
  NoLendingPositionError,
  NotAnAaveReserveError,
} from "./protocols/aave-v3/lendingErrors.js";
export type { AaveLendingErrorType } from "./protocols/aave-v3/lendingErrorType.js";
export {
  DEFAULT_BORROW_HEALTH_FACTOR_FLOOR,
  REPAY_MAX_INTEREST_MARGIN_BPS,
} from "./protocols/aave-v3/lendingLimits.js";
export type { AaveHealthFactorFloorOption } from "./protocols/aave-v3/parseLendingParameters.js";
export { AAVE_V3_RESERVES, type AaveReserveSymbol } from "./protocols/aave-v3/reserves.js";
// Protocols: one definition per protocol (contracts, intent kinds, revert errors, policy decoders), listed in
// PROTOCOLS; generic code loops over the registry (docs/adding-a-protocol.md).
export { wordAsAddress, wordAsUint } from "./protocols/calldataWords.js";
// Actions: one operation per file, `(client, parameters)`, with their Parameters / ReturnType / ErrorType.
// Celo staking and governance (`client.staking`, `client.governance`).
export * from "./protocols/celo-staking/index.js";
export { contractCallProtocol } from "./protocols/contractCall/definition.js";
export type { ContractCallIntent } from "./protocols/contractCall/intents.js";
export { decodeCallStrictly } from "./protocols/decodeCallStrictly.js";
export {
  type DefaultProtocolGroups,
  defaultProtocolGroups,
} from "./protocols/defaultGroups.js";
export {
  type CheckedStep,
  type DecodableStep,
  type DecodedCall,
  defineProtocol,
  type ErrorCodeOf,
  type FlowEffect,
  type IntentCheckContext,
  type IntentDescribeContext,
  type IntentFieldReader,
  type IntentKindDefinition,
  type IntentKinds,
  type IntentOf,
  type IntentOfKind,
  type IntentShape,
  type ProtocolContract,
  type ProtocolDefinition,
  type ProtocolRevertErrors,
  type StepDecoder,
  type SwapCallFields,
  type SwapVenueDefinition,
  type VenueOf,
} from "./protocols/definition.js";
export { erc20Protocol } from "./protocols/erc20/definition.js";
export type { ApproveIntent, Erc20Intent, SendIntent } from "./protocols/erc20/intents.js";
export * from "./protocols/erc8004/publicApi.js";
export {
  goodDollarBrokerAbi,
  goodDollarExchangeProviderAbi,
  goodDollarIdentityAbi,
  goodDollarUbiSchemeAbi,
} from "./protocols/gooddollar/abis.js";
export type {
  GetGoodDollarReserveQuoteErrorType,
  GetGoodDollarReserveQuoteParameters,
  GetGoodDollarReserveQuoteReturnType,
} from "./protocols/gooddollar/actions/getGoodDollarReserveQuote.js";
export type {
  GetGoodDollarUbiEntitlementErrorType,
  GetGoodDollarUbiEntitlementParameters,
  GetGoodDollarUbiEntitlementReturnType,
} from "./protocols/gooddollar/actions/getGoodDollarUbiEntitlement.js";
export type {
  PrepareGoodDollarClaimErrorType,
  PrepareGoodDollarClaimParameters,
  PrepareGoodDollarClaimReturnType,
} from "./protocols/gooddollar/actions/prepareGoodDollarClaim.js";
export type {
  PrepareGoodDollarReserveSwapErrorType,
  PrepareGoodDollarReserveSwapParameters,
  PrepareGoodDollarReserveSwapReturnType,
} from "./protocols/gooddollar/actions/prepareGoodDollarReserveSwap.js";
export {
  GOODDOLLAR_ADDRESSES,
  GOODDOLLAR_BROKER_LABEL,
  GOODDOLLAR_CUSD_EXCHANGE_ID,
  GOODDOLLAR_UBI_SCHEME_LABEL,
} from "./protocols/gooddollar/addresses.js";
export {
  type GoodDollarActions,
  type GoodDollarReserveSwapOptions,
  goodDollarActions,
} from "./protocols/gooddollar/decorator.js";
export { goodDollarProtocol } from "./protocols/gooddollar/definition.js";
export {
  type GoodDollarErrorCode,
  type GoodDollarRefusal,
  GoodDollarRefusedError,
} from "./protocols/gooddollar/errors.js";
export type {
  GoodDollarClaimIntent,
  GoodDollarIntent,
  GoodDollarReserveSwapIntent,
} from "./protocols/gooddollar/intents.js";
export {
  getGoodDollarReserveQuote,
  getGoodDollarUbiEntitlement,
  prepareGoodDollarClaim,
  prepareGoodDollarReserveSwap,
} from "./protocols/gooddollar/lazyActions.js";
export {
  type IntentFieldRule,
  type IntentFieldRules,
  type IntentOfFields,
  intentFields,
} from "./protocols/intentFields.js";
export { mentoRouterAbi } from "./protocols/mento/abis.js";
export type {
  GetMentoQuoteErrorType,
  GetMentoQuoteParameters,
  GetMentoQuoteReturnType,
} from "./protocols/mento/actions/getMentoQuote.js";
export type {
  PrepareMentoSwapErrorType,
  PrepareMentoSwapParameters,
  PrepareMentoSwapReturnType,
} from "./protocols/mento/actions/prepareMentoSwap.js";
export { MENTO_ADDRESSES } from "./protocols/mento/addresses.js";
export { type MentoActions, mentoActions } from "./protocols/mento/decorator.js";
export { MENTO_ROUTER_LABEL, mentoProtocol } from "./protocols/mento/definition.js";
// Swaps (Uniswap v3, Mento v3): not in createSdkClient's default groups; add them with client.extend(swapActions).
export { getMentoQuote, prepareMentoSwap } from "./protocols/mento/lazyActions.js";
export type { MentoRouteHop } from "./protocols/mento/venue.js";
export type { ProtocolSimulation, SimulationLog, SimulationRead } from "./protocols/protocolSimulation.js";
export {
  PROTOCOLS,
  type RegisteredErrorCode,
  type RegisteredIntent,
  type RegisteredSwapVenue,
  SWAP_VENUES,
} from "./protocols/registry.js";
export { swapProtocol } from "./protocols/swap/definition.js";
export type { SwapIntentOf } from "./protocols/swap/intents.js";
export { uniswapSwapRouter02Abi } from "./protocols/uniswap-v3/abis.js";
export type {
  GetUniswapQuoteErrorType,
  GetUniswapQuoteParameters,
  GetUniswapQuoteReturnType,
} from "./protocols/uniswap-v3/actions/getUniswapQuote.js";
export type {
  PrepareUniswapSwapErrorType,
  PrepareUniswapSwapParameters,
  PrepareUniswapSwapReturnType,
} from "./protocols/uniswap-v3/actions/prepareUniswapSwap.js";
export { UNISWAP_ADDRESSES, UNISWAP_FEE_TIERS } from "./protocols/uniswap-v3/addresses.js";
export { type UniswapActions, uniswapActions } from "./protocols/uniswap-v3/decorator.js";
export { UNISWAP_SWAP_ROUTER_LABEL, uniswapProtocol } from "./protocols/uniswap-v3/definition.js";
export { UNISWAP_INTERMEDIATE_TOKENS } from "./protocols/uniswap-v3/intermediateTokens.js";
export { getUniswapQuote, prepareUniswapSwap } from "./protocols/uniswap-v3/lazyActions.js";
export { decodeUniswapPath, encodeUniswapPath, type UniswapRoute } from "./protocols/uniswap-v3/path.js";
// Uniswap v4 (venue "uniswap-v4"): quoted and swapped by getSwapQuotes / prepareSwap with the other venues.
export { permit2Abi, universalRouterAbi } from "./protocols/uniswap-v4/abis.js";
export type {
  GetUniswapV4QuoteErrorType,
  GetUniswapV4QuoteParameters,
  GetUniswapV4QuoteReturnType,
} from "./protocols/uniswap-v4/actions/getUniswapV4Quote.js";
export type {
  PrepareUniswapV4SwapErrorType,
  PrepareUniswapV4SwapParameters,
  PrepareUniswapV4SwapReturnType,
} from "./protocols/uniswap-v4/actions/prepareUniswapV4Swap.js";
export {
  PERMIT2_ADDRESS,
  UNISWAP_V4_ADDRESSES,
  UNISWAP_V4_POOL_TIERS,
} from "./protocols/uniswap-v4/addresses.js";
export { type UniswapV4Actions, uniswapV4Actions } from "./protocols/uniswap-v4/decorator.js";
export {
  UNISWAP_V4_UNIVERSAL_ROUTER_LABEL,
  uniswapV4Protocol,
} from "./protocols/uniswap-v4/definition.js";
export { getUniswapV4Quote, prepareUniswapV4Swap } from "./protocols/uniswap-v4/lazyActions.js";
export {
  decodeUniswapV4Swap,
  encodeUniswapV4Swap,
  type UniswapV4ExactInputSingle,
  type UniswapV4PoolKey,
} from "./protocols/uniswap-v4/swapInput.js";
export { checkChainId } from "./rpc/checkChainId.js";
export type {
  ActionOptions,
  ClientOrPreflowClient,
  RequestClient,
  RpcCall,
  SdkRpc,
} from "./rpc/createRpc.js";
export {
  type AnyFunctionArgs,
  type DecodeFunctionResultStrictErrorType,
  type DecodeFunctionResultStrictParameters,
  type DecodeFunctionResultStrictReturnType,
  decodeFunctionResultStrict,
} from "./rpc/decodeFunctionResultStrict.js";
export { endpointOf } from "./rpc/endpointOf.js";
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
export type { TokenCallErrorType } from "./tokens/tokenCallErrors.js";
export { type ParseAddressOptions, parseAddress } from "./validation/parseAddress.js";
