// Operation -> the error classes of its `XErrorType`, for @preflow/aa (core keeps its own table): checked against
// each union at compile time both ways (`errorTypeOf<XErrorType>()([...])`), and at run time by every test that
// provokes a thrown error (`expectInErrorType`). The generic part is `@preflow/devnet/error-types`.
import {
  ChainMismatchError,
  InvalidAddressError,
  InvalidArgumentError,
  InvalidConfigError,
  InvalidFeeCurrencyError,
  InvalidPreparedFlowError,
  RequestAbortedError,
  RpcError,
  RpcRateLimitedError,
  SimulationUnsupportedError,
} from "@preflow/core";
import { errorTypeChecks, errorTypeOf } from "@preflow/devnet/error-types";
import {
  type AASimulatePreparedFlowErrorType,
  type CreateAAClientErrorType,
  type CreateGasSponsorshipServiceErrorType,
  DelegationConflictError,
  type DeriveSmartAccountAddressErrorType,
  FeeCurrencyNotSponsoredError,
  FlowAccountMismatchError,
  SendPreparedFlowAbortedError,
  type SendPreparedFlowErrorType,
  ServiceResponseError,
  ServiceUnreachableError,
  SponsorshipUnauthorizedError,
  UserOperationBuildError,
} from "../../src/index.js";

export { errorTypeOf };

/** Every operation of @preflow/aa that throws: its exported functions and its client's methods. */
export const ERROR_TYPES = {
  createAAClient: errorTypeOf<CreateAAClientErrorType>()([InvalidConfigError]),
  createGasSponsorshipService: errorTypeOf<CreateGasSponsorshipServiceErrorType>()([InvalidConfigError]),
  deriveSmartAccountAddress: errorTypeOf<DeriveSmartAccountAddressErrorType>()([InvalidConfigError]),
  sendPreparedFlow: errorTypeOf<SendPreparedFlowErrorType>()([
    InvalidArgumentError,
    InvalidPreparedFlowError,
    FlowAccountMismatchError,
    FeeCurrencyNotSponsoredError,
    ChainMismatchError,
    DelegationConflictError,
    SponsorshipUnauthorizedError,
    ServiceUnreachableError,
    ServiceResponseError,
    UserOperationBuildError,
    SendPreparedFlowAbortedError,
  ]),
  simulatePreparedFlow: errorTypeOf<AASimulatePreparedFlowErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    InvalidPreparedFlowError,
    InvalidFeeCurrencyError,
    SimulationUnsupportedError,
    ChainMismatchError,
    RpcError,
    RpcRateLimitedError,
    RequestAbortedError,
    FlowAccountMismatchError,
  ]),
};

/** `operationOf("aa.sendPreparedFlow")` → `"sendPreparedFlow"`; `expectInErrorType(operation, error)`. */
export const { operationOf, expectInErrorType } = errorTypeChecks(ERROR_TYPES);
