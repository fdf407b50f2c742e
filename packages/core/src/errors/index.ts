// One class for "no such transaction" across the SDK: the attribution package's (its transaction forms throw it too).
export { TransactionNotFoundError } from "@preflow/attribution";
export { InvalidAddressError } from "./address.js";
export {
  type FeeCandidateShortfall,
  InsufficientBalanceError,
  type InsufficientBalanceErrorParameters,
  InvalidAmountError,
  type InvalidAmountErrorParameters,
} from "./amount.js";
export { InvalidArgumentError } from "./argument.js";
export {
  SdkError,
  type SdkErrorDetails,
  type SdkErrorJson,
  type SdkErrorOptions,
  type SdkErrorParameters,
} from "./base.js";
export { ChainMismatchError } from "./chain.js";
export { BlockNotFoundError, ContractReadError } from "./chainRead.js";
export type { CoreErrorCode } from "./codes.js";
export { InvalidConfigError, type InvalidConfigErrorParameters, UnknownOptionError } from "./config.js";
export { InvalidContractCallError } from "./contractCall.js";
export {
  InvalidEnsNameError,
  InvalidEnsNetworkError,
  MissingEthRpcUrlError,
  UnsupportedEnsNameError,
} from "./ens.js";
export { FeeEstimateRevertedError, InvalidFeeCurrencyError } from "./feeCurrency.js";
export { FlowAccountMismatchError } from "./flowAccount.js";
export { InvalidPreparedFlowError } from "./preparedFlow.js";
export {
  RequestAbortedError,
  RpcError,
  type RpcErrorParameters,
  RpcRateLimitedError,
  type RpcRateLimitedErrorParameters,
} from "./rpc.js";
export { SimulationUnsupportedError } from "./simulation.js";
export { NoRouteError, ZeroQuoteError } from "./swap.js";
export { TokenReadError, UnknownTokenError } from "./token.js";
