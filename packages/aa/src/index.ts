export { FlowAccountMismatchError } from "@preflow/core";
export {
  DEFAULT_SPONSOR_A_BASE_URL,
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_08_ADDRESS,
  SIMPLE_7702_ACCOUNT_ADDRESS,
  SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS,
  SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
} from "./constants.js";
export {
  type AAClient,
  type AASdkClient,
  type CreateAAClientErrorType,
  type CreateAAClientParameters,
  createAAClient,
} from "./createAAClient.js";
export {
  type DeriveSmartAccountAddressErrorType,
  type DeriveSmartAccountAddressOptions,
  type DeriveSmartAccountAddressParameters,
  type DeriveSmartAccountAddressReturnType,
  deriveSmartAccountAddress,
} from "./deriveSmartAccountAddress.js";
export { DelegationConflictError } from "./errors/DelegationConflictError.js";
export { FeeCurrencyNotSponsoredError } from "./errors/FeeCurrencyNotSponsoredError.js";
export { SendPreparedFlowAbortedError } from "./errors/SendPreparedFlowAbortedError.js";
export {
  type AAService,
  ServiceResponseError,
  ServiceUnreachableError,
} from "./errors/ServiceUnreachableError.js";
export { type CompletedSteps, SponsorshipUnauthorizedError } from "./errors/SponsorshipUnauthorizedError.js";
export { UserOperationBuildError } from "./errors/UserOperationBuildError.js";
export {
  type CreateGasSponsorshipServiceErrorType,
  createGasSponsorshipService,
} from "./gasSponsorship/createGasSponsorshipService.js";
export { GasSponsorshipService } from "./gasSponsorship/GasSponsorshipService.js";
export type {
  GasSponsorship,
  GasSponsorshipBackend,
  GasSponsorshipBranches,
  GasSponsorshipProvider,
  SponsorAGasSponsorship,
  SponsorAOptions,
  SponsorableUserOperation,
  SponsoredGas,
  UserOperationFees,
} from "./gasSponsorship/types.js";
export type { SmartAccountKind } from "./internal/validateConfig.js";
export {
  DEFAULT_RECEIPT_TIMEOUT_MS,
  type SendPreparedFlowErrorType,
  type SendPreparedFlowFailure,
  type SendPreparedFlowFailureCode,
  type SendPreparedFlowMode,
  type SendPreparedFlowOperation,
  type SendPreparedFlowOptions,
  type SendPreparedFlowReturnType,
  type UserOperationStatus,
} from "./sendPreparedFlow.js";
export type {
  AASimulatePreparedFlowErrorType,
  AASimulatePreparedFlowOptions,
} from "./simulatePreparedFlow.js";
