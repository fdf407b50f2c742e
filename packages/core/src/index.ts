// Flushes queued read telemetry of every client (for short-lived scripts and servers shutting down).
export { type FlushTelemetryOptions, flushTelemetry } from "@preflow/telemetry";
export type { TransactionAttribution, TransactionDetails } from "./actions/blockchain/getTransaction.js";
export type { NetworkStatus } from "./actions/network/getStatus.js";
export type { TokenAllowance } from "./actions/token/getAllowance.js";
export type { TokenBalance } from "./actions/token/getBalance.js";
export type { GetBalancesReturnType } from "./actions/token/getBalances.js";
export type { GetTokenInfoReturnType } from "./actions/token/getTokenInfo.js";
export {
  type ExecutedStep,
  type ExecutedStepCode,
  type ExecutedStepStatus,
  type ExecutePreparedFlowErrorType,
  type ExecutePreparedFlowParameters,
  type ExecutePreparedFlowReturnType,
  type ExecutionStepEvent,
  executePreparedFlow,
} from "./actions/transaction/executePreparedFlow.js";
export type { ApprovalAmount, PrepareApproveReturnType } from "./actions/transaction/prepareApprove.js";
export type {
  ContractCallApproval,
  PrepareContractCallParameters,
  PrepareContractCallReturnType,
} from "./actions/transaction/prepareContractCall.js";
export type { PrepareSendReturnType } from "./actions/transaction/prepareSend.js";
export * from "./agentId/index.js";
export { formatAmount } from "./amounts/formatAmount.js";
export { type ParseAmountParameters, parseAmount } from "./amounts/parseAmount.js";
export { CHAIN_ID, DEFAULT_RPC_URL, MULTICALL3_ADDRESS } from "./chain.js";
export {
  type BlockchainActions,
  createSdkClient,
  type NetworkActions,
  type SdkClient,
  type TokenActions,
  type TransactionActions,
} from "./client/createSdkClient.js";
export { SDK_VERSION } from "./client/version.js";
export { AGENT_ID_PRIVATE_KEY_ENV, DEFAULT_AGENT_ID_API_BASE } from "./config/resolveConfig.js";
export type { CelinaClientOptions, SdkConfig } from "./config/types.js";
export * from "./ens/index.js";
export { FromMismatchError } from "./errors/execution.js";
export * from "./errors/index.js";
export { parsePreparedFlow } from "./flow/parsePreparedFlow.js";
export { type TransactionRequestOfStep, toTransactionRequest } from "./flow/toTransactionRequest.js";
export type { PreparedStep, PreparedStepKind, SerializedPreparedFlow } from "./flow/types.js";
export { redactUrl } from "./rpc/redactUrl.js";
export { TOKENS, type TokenInfo, type TokenSymbol } from "./tokens/registry.js";
export { resolveToken, type TokenInput } from "./tokens/resolveToken.js";
