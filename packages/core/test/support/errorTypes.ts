// Operation -> the error classes of its `XErrorType`: one table that the bad-input tests check every error they
// provoke against (`expectInErrorType`), at run time with `instanceof`. At compile time each entry is checked
// against its union both ways (`errorTypeOf<XErrorType>()([...])`): a class listed that the union lacks, or a
// member of the union without its class here, does not compile, so the table cannot drift from the types.
//
// Extending it (a protocol's actions): write `const AAVE = { getAavePositions: errorTypeOf<GetAavePositionsErrorType>()([...]), ... }`
// next to the others (or in its own file) and add `...AAVE` to ERROR_TYPES; the operation's name is its exported
// action's name, and a client member maps to it through CLIENT_OPERATIONS (`"aave.getPositions": "getAavePositions"`).
import {
  ChainMismatchError,
  type DecodeFunctionResultStrictErrorType,
  FeeEstimateRevertedError,
  type GetAllowanceErrorType,
  type GetBalanceErrorType,
  type GetBalancesErrorType,
  type GetStatusErrorType,
  type GetTokenInfoErrorType,
  type GetTransactionErrorType,
  InsufficientBalanceError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidArgumentError,
  InvalidContractCallError,
  InvalidEnsNameError,
  InvalidEnsNetworkError,
  InvalidFeeCurrencyError,
  MissingEthRpcUrlError,
  NoRouteError,
  type PrepareApproveErrorType,
  type PrepareContractCallErrorType,
  type PrepareSendErrorType,
  type PrepareSwapErrorType,
  type ReadBatchErrorType,
  RequestAbortedError,
  type ResolveEnsErrorType,
  RpcError,
  RpcRateLimitedError,
  TokenReadError,
  TransactionNotFoundError,
  UnknownTokenError,
  UnsupportedEnsNameError,
  ZeroQuoteError,
} from "../../src/index.js";
import { type ErrorClass, errorTypeChecks, errorTypeOf } from "./errorTypeTable.js";

export { errorTypeOf };

const RPC = [ChainMismatchError, RpcError, RpcRateLimitedError, RequestAbortedError] as const;
/** What paying gas in a fee currency adds to every `prepare*` (`FeeErrorType`). */
const FEE = [InvalidFeeCurrencyError, InsufficientBalanceError, FeeEstimateRevertedError] as const;

/** `client.transaction` (the protocol-independent part), the `transaction` actions. */
const TRANSACTION = {
  prepareSend: errorTypeOf<PrepareSendErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    InvalidAmountError,
    TokenReadError,
    ...FEE,
    ...RPC,
  ]),
  prepareApprove: errorTypeOf<PrepareApproveErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    InvalidAmountError,
    ...FEE,
    ...RPC,
  ]),
  prepareContractCall: errorTypeOf<PrepareContractCallErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    InvalidContractCallError,
    InvalidAmountError,
    UnknownTokenError,
    TokenReadError,
    ...FEE,
    ...RPC,
  ]),
};

/** `client.swap` (and the venue groups, whose prepares throw the same). */
const SWAP = {
  prepareSwap: errorTypeOf<PrepareSwapErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    InvalidAmountError,
    NoRouteError,
    ZeroQuoteError,
    TokenReadError,
    ...FEE,
    ...RPC,
  ]),
};

/** `client.token`, `client.network`, `client.blockchain`, `client.ens` and the rpc helpers. */
const READS = {
  getTokenInfo: errorTypeOf<GetTokenInfoErrorType>()([
    InvalidArgumentError,
    UnknownTokenError,
    TokenReadError,
    ...RPC,
  ]),
  getBalance: errorTypeOf<GetBalanceErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    TokenReadError,
    ...RPC,
  ]),
  getBalances: errorTypeOf<GetBalancesErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    ...RPC,
  ]),
  getAllowance: errorTypeOf<GetAllowanceErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    TokenReadError,
    ...RPC,
  ]),
  getStatus: errorTypeOf<GetStatusErrorType>()([InvalidArgumentError, ...RPC]),
  getTransaction: errorTypeOf<GetTransactionErrorType>()([
    InvalidArgumentError,
    TransactionNotFoundError,
    ...RPC,
  ]),
  resolveEns: errorTypeOf<ResolveEnsErrorType>()([
    InvalidArgumentError,
    InvalidEnsNameError,
    InvalidEnsNetworkError,
    UnsupportedEnsNameError,
    MissingEthRpcUrlError,
    ...RPC,
  ]),
  readBatch: errorTypeOf<ReadBatchErrorType>()([InvalidArgumentError, ...RPC]),
  decodeFunctionResultStrict: errorTypeOf<DecodeFunctionResultStrictErrorType>()([
    InvalidArgumentError,
    RpcError,
  ]),
};

/** Every operation with an `XErrorType` the table knows; a protocol's group is one more spread line. */
export const ERROR_TYPES: Readonly<Record<string, readonly ErrorClass[]>> = {
  ...TRANSACTION,
  ...SWAP,
  ...READS,
};

/** Client members whose operation has another name than the member (`"group.member"` → the action's name). */
export const CLIENT_OPERATIONS: Readonly<Record<string, string>> = {};

/** The operation of a bad-input row and the ErrorType check, over this table. */
export const { operationOf, expectInErrorType } = errorTypeChecks(ERROR_TYPES, CLIENT_OPERATIONS);
