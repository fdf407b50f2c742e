// Operation -> the error classes of its `XErrorType`: one table that the bad-input tests check every error they
// provoke against (`expectInErrorType`), at run time with `instanceof`. At compile time each entry is checked
// against its union both ways (`errorTypeOf<XErrorType>()([...])`): a class listed that the union lacks, or a
// member of the union without its class here, does not compile, so the table cannot drift from the types.
//
// Extending it (a protocol's actions): write `const AAVE = { getAavePositions: errorTypeOf<GetAavePositionsErrorType>()([...]), ... }`
// next to the others (or in its own file) and add `...AAVE` to ERROR_TYPES; the operation's name is its exported
// action's name, and a client member maps to it through CLIENT_OPERATIONS (generated from the decorators).

import { type ErrorClass, errorTypeChecks, errorTypeOf } from "@preflow/devnet/error-types";
import {
  AaveReadError,
  AaveReserveUnavailableError,
  AmountExceedsPositionError,
  BlockNotFoundError,
  BorrowLimitExceededError,
  CeloGovernanceRefusedError,
  CeloStakingRefusedError,
  ChainMismatchError,
  ContractReadError,
  type DecodeFunctionResultStrictErrorType,
  Erc8004RefusedError,
  type EstimateGasErrorType,
  type ExecutePreparedFlowErrorType,
  FeeEstimateRevertedError,
  FlowAccountMismatchError,
  type GetAavePositionsErrorType,
  type GetAgentErrorType,
  type GetAgentReputationErrorType,
  type GetAllowanceErrorType,
  type GetBalanceErrorType,
  type GetBalancesErrorType,
  type GetBlockErrorType,
  type GetFeeCurrenciesErrorType,
  type GetGoodDollarReserveQuoteErrorType,
  type GetGoodDollarUbiEntitlementErrorType,
  type GetGovernanceProposalErrorType,
  type GetGovernanceProposalsErrorType,
  type GetLatestBlocksErrorType,
  type GetMentoQuoteErrorType,
  type GetNftBalanceErrorType,
  type GetNftInfoErrorType,
  type GetStakingBalancesErrorType,
  type GetStakingValidatorGroupsErrorType,
  type GetStatusErrorType,
  type GetSwapQuotesErrorType,
  type GetTokenInfoErrorType,
  type GetTransactionErrorType,
  type GetUniswapQuoteErrorType,
  type GetUniswapV4QuoteErrorType,
  GoodDollarRefusedError,
  HealthFactorTooLowError,
  InsufficientBalanceError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidArgumentError,
  InvalidContractCallError,
  InvalidEnsNameError,
  InvalidEnsNetworkError,
  InvalidFeeCurrencyError,
  InvalidPreparedFlowError,
  MissingEthRpcUrlError,
  NoLendingPositionError,
  NoRouteError,
  NotAnAaveReserveError,
  type PrepareAaveBorrowErrorType,
  type PrepareAaveRepayErrorType,
  type PrepareAaveSupplyErrorType,
  type PrepareAaveWithdrawErrorType,
  type PrepareApproveErrorType,
  type PrepareContractCallErrorType,
  type PrepareGiveFeedbackErrorType,
  type PrepareGoodDollarClaimErrorType,
  type PrepareGoodDollarReserveSwapErrorType,
  type PrepareGovernanceDelegateErrorType,
  type PrepareGovernanceRevokeUpvoteErrorType,
  type PrepareGovernanceUndelegateErrorType,
  type PrepareGovernanceUpvoteErrorType,
  type PrepareGovernanceVoteErrorType,
  type PrepareMentoSwapErrorType,
  type PrepareRegisterAgentErrorType,
  type PrepareSendErrorType,
  type PrepareSetAgentUriErrorType,
  type PrepareSetAgentWalletErrorType,
  type PrepareStakingActivateErrorType,
  type PrepareStakingLockErrorType,
  type PrepareStakingRelockErrorType,
  type PrepareStakingRevokeErrorType,
  type PrepareStakingUnlockErrorType,
  type PrepareStakingVoteErrorType,
  type PrepareStakingWithdrawErrorType,
  type PrepareSwapErrorType,
  type PrepareUniswapSwapErrorType,
  type PrepareUniswapV4SwapErrorType,
  type ReadAgentFeedbackErrorType,
  type ReadBatchErrorType,
  type ReadContractErrorType,
  RequestAbortedError,
  type ResolveEnsErrorType,
  RpcError,
  RpcRateLimitedError,
  type SendPreparedFlowWithWalletErrorType,
  type SimulatePreparedFlowErrorType,
  SimulationUnsupportedError,
  TokenReadError,
  TransactionNotFoundError,
  UnknownTokenError,
  UnsupportedEnsNameError,
  ZeroQuoteError,
} from "../../src/index.js";
import { CLIENT_MEMBER_ACTIONS } from "./clientMemberActions.generated.js";

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
  getBlock: errorTypeOf<GetBlockErrorType>()([InvalidArgumentError, BlockNotFoundError, ...RPC]),
  getLatestBlocks: errorTypeOf<GetLatestBlocksErrorType>()([InvalidArgumentError, ...RPC]),
  getNftInfo: errorTypeOf<GetNftInfoErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ContractReadError,
    ...RPC,
  ]),
  getNftBalance: errorTypeOf<GetNftBalanceErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ContractReadError,
    ...RPC,
  ]),
  readContract: errorTypeOf<ReadContractErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ContractReadError,
    ...RPC,
  ]),
  estimateGas: errorTypeOf<EstimateGasErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    InvalidAmountError,
    UnknownTokenError,
    ...FEE,
    ...RPC,
  ]),
  decodeFunctionResultStrict: errorTypeOf<DecodeFunctionResultStrictErrorType>()([
    InvalidArgumentError,
    RpcError,
  ]),
};

/** Executing, simulating and sending a prepared flow, and the fee currencies. */
const FLOWS = {
  executePreparedFlow: errorTypeOf<ExecutePreparedFlowErrorType>()([
    InvalidArgumentError,
    InvalidPreparedFlowError,
    FlowAccountMismatchError,
    ChainMismatchError,
    RpcError,
    RpcRateLimitedError,
  ]),
  sendPreparedFlowWithWallet: errorTypeOf<SendPreparedFlowWithWalletErrorType>()([
    InvalidArgumentError,
    InvalidPreparedFlowError,
    FlowAccountMismatchError,
    ChainMismatchError,
    RpcError,
    RpcRateLimitedError,
  ]),
  simulatePreparedFlow: errorTypeOf<SimulatePreparedFlowErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    InvalidPreparedFlowError,
    InvalidFeeCurrencyError,
    SimulationUnsupportedError,
    ChainMismatchError,
    RpcError,
    RpcRateLimitedError,
    RequestAbortedError,
  ]),
  getFeeCurrencies: errorTypeOf<GetFeeCurrenciesErrorType>()([InvalidArgumentError, ...RPC]),
};

/** The token checks of an Aave operation before its read. */
const AAVE_INPUT = [
  InvalidArgumentError,
  InvalidAddressError,
  UnknownTokenError,
  NotAnAaveReserveError,
  InvalidAmountError,
] as const;

/** `client.aave`, the Aave v3 actions. */
const AAVE = {
  getAavePositions: errorTypeOf<GetAavePositionsErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    AaveReadError,
    ...RPC,
  ]),
  prepareAaveSupply: errorTypeOf<PrepareAaveSupplyErrorType>()([
    ...AAVE_INPUT,
    InsufficientBalanceError,
    AaveReserveUnavailableError,
    AaveReadError,
    TokenReadError,
    ...FEE,
    ...RPC,
  ]),
  prepareAaveWithdraw: errorTypeOf<PrepareAaveWithdrawErrorType>()([
    ...AAVE_INPUT,
    NoLendingPositionError,
    AmountExceedsPositionError,
    HealthFactorTooLowError,
    AaveReserveUnavailableError,
    AaveReadError,
    ...FEE,
    ...RPC,
  ]),
  prepareAaveBorrow: errorTypeOf<PrepareAaveBorrowErrorType>()([
    ...AAVE_INPUT,
    BorrowLimitExceededError,
    HealthFactorTooLowError,
    AaveReserveUnavailableError,
    AaveReadError,
    ...FEE,
    ...RPC,
  ]),
  prepareAaveRepay: errorTypeOf<PrepareAaveRepayErrorType>()([
    ...AAVE_INPUT,
    NoLendingPositionError,
    AmountExceedsPositionError,
    InsufficientBalanceError,
    AaveReserveUnavailableError,
    AaveReadError,
    TokenReadError,
    ...FEE,
    ...RPC,
  ]),
};

/** What every staking and governance operation may throw before and while reading the lens. */
const CELO_READ = [InvalidArgumentError, InvalidAddressError, InvalidAmountError, ...RPC] as const;
/** Every staking `prepare*` (`CeloStakingActionErrorType`) and every governance one (`CeloGovernanceActionErrorType`). */
const STAKING_PREPARE = [...CELO_READ, CeloStakingRefusedError, ...FEE] as const;
const GOVERNANCE_PREPARE = [...CELO_READ, CeloGovernanceRefusedError, ...FEE] as const;

/** `client.staking` and `client.governance`, Celo's core contracts. */
const CELO_STAKING = {
  getStakingBalances: errorTypeOf<GetStakingBalancesErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ...RPC,
  ]),
  getStakingValidatorGroups: errorTypeOf<GetStakingValidatorGroupsErrorType>()([...CELO_READ]),
  prepareStakingLock: errorTypeOf<PrepareStakingLockErrorType>()(STAKING_PREPARE),
  prepareStakingUnlock: errorTypeOf<PrepareStakingUnlockErrorType>()(STAKING_PREPARE),
  prepareStakingRelock: errorTypeOf<PrepareStakingRelockErrorType>()(STAKING_PREPARE),
  prepareStakingWithdraw: errorTypeOf<PrepareStakingWithdrawErrorType>()(STAKING_PREPARE),
  prepareStakingVote: errorTypeOf<PrepareStakingVoteErrorType>()(STAKING_PREPARE),
  prepareStakingActivate: errorTypeOf<PrepareStakingActivateErrorType>()(STAKING_PREPARE),
  prepareStakingRevoke: errorTypeOf<PrepareStakingRevokeErrorType>()(STAKING_PREPARE),
  getGovernanceProposals: errorTypeOf<GetGovernanceProposalsErrorType>()([...CELO_READ]),
  getGovernanceProposal: errorTypeOf<GetGovernanceProposalErrorType>()([
    ...CELO_READ,
    CeloGovernanceRefusedError,
  ]),
  prepareGovernanceUpvote: errorTypeOf<PrepareGovernanceUpvoteErrorType>()(GOVERNANCE_PREPARE),
  prepareGovernanceRevokeUpvote: errorTypeOf<PrepareGovernanceRevokeUpvoteErrorType>()(GOVERNANCE_PREPARE),
  prepareGovernanceVote: errorTypeOf<PrepareGovernanceVoteErrorType>()(GOVERNANCE_PREPARE),
  prepareGovernanceDelegate: errorTypeOf<PrepareGovernanceDelegateErrorType>()(GOVERNANCE_PREPARE),
  prepareGovernanceUndelegate: errorTypeOf<PrepareGovernanceUndelegateErrorType>()(GOVERNANCE_PREPARE),
};

const QUOTE = [
  InvalidArgumentError,
  UnknownTokenError,
  InvalidAmountError,
  NoRouteError,
  ZeroQuoteError,
  ...RPC,
] as const;
const SWAP = [...QUOTE, InvalidAddressError, TokenReadError, ...FEE] as const;

/** `client.swap`, `client.mento`, `client.uniswap`, `client.uniswapV4`. */
const SWAPS = {
  getSwapQuotes: errorTypeOf<GetSwapQuotesErrorType>()([...QUOTE]),
  prepareSwap: errorTypeOf<PrepareSwapErrorType>()([...SWAP]),
  getMentoQuote: errorTypeOf<GetMentoQuoteErrorType>()([...QUOTE]),
  prepareMentoSwap: errorTypeOf<PrepareMentoSwapErrorType>()([...SWAP]),
  getUniswapQuote: errorTypeOf<GetUniswapQuoteErrorType>()([...QUOTE]),
  prepareUniswapSwap: errorTypeOf<PrepareUniswapSwapErrorType>()([...SWAP]),
  getUniswapV4Quote: errorTypeOf<GetUniswapV4QuoteErrorType>()([...QUOTE]),
  prepareUniswapV4Swap: errorTypeOf<PrepareUniswapV4SwapErrorType>()([...SWAP]),
};

/** `client.goodDollar`. */
const GOODDOLLAR = {
  getGoodDollarUbiEntitlement: errorTypeOf<GetGoodDollarUbiEntitlementErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ...RPC,
  ]),
  prepareGoodDollarClaim: errorTypeOf<PrepareGoodDollarClaimErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    GoodDollarRefusedError,
    ...RPC,
    ...FEE,
  ]),
  getGoodDollarReserveQuote: errorTypeOf<GetGoodDollarReserveQuoteErrorType>()([
    InvalidArgumentError,
    UnknownTokenError,
    InvalidAmountError,
    GoodDollarRefusedError,
    ...RPC,
  ]),
  prepareGoodDollarReserveSwap: errorTypeOf<PrepareGoodDollarReserveSwapErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    InvalidAmountError,
    GoodDollarRefusedError,
    TokenReadError,
    ...RPC,
    ...FEE,
  ]),
};

/** ERC-8004's actions. */
const ERC8004 = {
  getAgent: errorTypeOf<GetAgentErrorType>()([InvalidArgumentError, ...RPC]),
  getAgentReputation: errorTypeOf<GetAgentReputationErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ...RPC,
  ]),
  readAgentFeedback: errorTypeOf<ReadAgentFeedbackErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ...RPC,
  ]),
  prepareRegisterAgent: errorTypeOf<PrepareRegisterAgentErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    ...RPC,
    ...FEE,
  ]),
  prepareSetAgentUri: errorTypeOf<PrepareSetAgentUriErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    Erc8004RefusedError,
    ...RPC,
    ...FEE,
  ]),
  prepareSetAgentWallet: errorTypeOf<PrepareSetAgentWalletErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    Erc8004RefusedError,
    ...RPC,
    ...FEE,
  ]),
  prepareGiveFeedback: errorTypeOf<PrepareGiveFeedbackErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    Erc8004RefusedError,
    ...RPC,
    ...FEE,
  ]),
};

/** Every operation with an `XErrorType`: each exported action of core has its entry. */
export const ERROR_TYPES: Readonly<Record<string, readonly ErrorClass[]>> = {
  ...TRANSACTION,
  ...READS,
  ...FLOWS,
  ...AAVE,
  ...CELO_STAKING,
  ...SWAPS,
  ...GOODDOLLAR,
  ...ERC8004,
};

/**
 * Every client member and the action it runs (`"aave.getPositions"` → `"getAavePositions"`), generated from core's
 * decorators by `pnpm readme:tables`, and `rpc.batch` (the base client's own member).
 */
export const CLIENT_OPERATIONS: Readonly<Record<string, string>> = {
  ...CLIENT_MEMBER_ACTIONS,
  "rpc.batch": "readBatch",
};

/** The operation of a bad-input row and the ErrorType check, over this table. */
export const { operationOf, expectInErrorType } = errorTypeChecks(ERROR_TYPES, CLIENT_OPERATIONS);
