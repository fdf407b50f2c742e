// @preflow/agent-id's operations -> the classes of their `XErrorType` (checked against each union both ways at
// compile time by `errorTypeOf`), for the bad-input tests' run-time check. The generic part is core's test helper
// (it holds no classes, so the classes here are the ones this package's build throws).
import {
  ChainMismatchError,
  InvalidAddressError,
  InvalidArgumentError,
  RpcError,
  RpcRateLimitedError,
} from "@preflow/core";
import { errorTypeChecks, errorTypeOf } from "@preflow/devnet/error-types";
import {
  AgentIdHttpError,
  AgentIdInvalidResponseError,
  AgentIdRegistrationExpiredError,
  AgentIdRegistrationFailedError,
  AgentIdTimeoutError,
  AgentIdUnavailableInBrowserError,
  AgentRegistryNotDeployedError,
  type GetAgentInfoErrorType,
  type GetAgentsForAddressErrorType,
  type IsVerifiedAgentErrorType,
  MissingAgentIdKeyError,
  type StartRegistrationErrorType,
  type VerifyAgentErrorType,
  type WaitForRegistrationErrorType,
} from "../../src/index.js";

const API = [AgentIdHttpError, AgentIdInvalidResponseError, AgentIdUnavailableInBrowserError] as const;

export const ERROR_TYPES = {
  getAgentInfo: errorTypeOf<GetAgentInfoErrorType>()([...API, InvalidArgumentError]),
  getAgentsForAddress: errorTypeOf<GetAgentsForAddressErrorType>()([
    ...API,
    InvalidAddressError,
    InvalidArgumentError,
  ]),
  verifyAgent: errorTypeOf<VerifyAgentErrorType>()([...API, InvalidArgumentError]),
  isVerifiedAgent: errorTypeOf<IsVerifiedAgentErrorType>()([
    AgentIdUnavailableInBrowserError,
    AgentRegistryNotDeployedError,
    InvalidAddressError,
    ChainMismatchError,
    InvalidArgumentError,
    RpcError,
    RpcRateLimitedError,
  ]),
  startRegistration: errorTypeOf<StartRegistrationErrorType>()([
    ...API,
    MissingAgentIdKeyError,
    InvalidArgumentError,
    InvalidAddressError,
  ]),
  waitForRegistration: errorTypeOf<WaitForRegistrationErrorType>()([
    ...API,
    AgentIdRegistrationExpiredError,
    AgentIdRegistrationFailedError,
    AgentIdTimeoutError,
    InvalidArgumentError,
  ]),
};

export const { operationOf, expectInErrorType } = errorTypeChecks(ERROR_TYPES);
