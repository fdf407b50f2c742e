// The one "flow is not from this account" error lives in core (also thrown by EOA execution).
export { FlowAccountMismatchError } from "@preflow/core";
export {
  DEFAULT_SPONSOR_A_BASE_URL,
  ENTRY_POINT_07_ADDRESS,
  SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS,
  SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
} from "./constants.js";
export { type AAClient, type CreateAAClientParameters, createAAClient } from "./createAAClient.js";
export {
  type DeriveSmartAccountAddressParameters,
  type DeriveSmartAccountAddressReturnType,
  deriveSmartAccountAddress,
} from "./deriveSmartAccountAddress.js";
export {
  type AAService,
  ServiceResponseError,
  ServiceUnreachableError,
  UserOperationTimeoutError,
} from "./errors/ServiceUnreachableError.js";
export { type CompletedSteps, SponsorshipUnauthorizedError } from "./errors/SponsorshipUnauthorizedError.js";
export { UserOperationBuildError } from "./errors/UserOperationBuildError.js";
export { createGasSponsorshipService } from "./gasSponsorship/createGasSponsorshipService.js";
export type {
  GasSponsorshipService,
  SponsorableUserOperation,
  SponsoredGas,
  UserOperationFees,
} from "./gasSponsorship/GasSponsorshipService.js";
export type {
  GasSponsorship,
  GasSponsorshipBranches,
  GasSponsorshipProvider,
  SponsorAGasSponsorship,
  SponsorAOptions,
} from "./gasSponsorship/types.js";
export type {
  SendPreparedFlowFailure,
  SendPreparedFlowFailureCode,
  SendPreparedFlowMode,
  SendPreparedFlowOptions,
  SendPreparedFlowReturnType,
} from "./sendPreparedFlow.js";
