export { canonicalizeAgentUrl } from "./canonicalUrl.js";
export { AGENT_ID_HEADERS, AGENT_REGISTRY_ADDRESS, AGENT_REQUEST_MAX_AGE_MS } from "./constants.js";
export type { AgentIdActions, ClientVerifyAgentRequestOptions } from "./createAgentIdActions.js";
export {
  AgentIdError,
  AgentIdHttpError,
  type AgentIdHttpErrorParameters,
  AgentIdInvalidResponseError,
  AgentIdRegistrationExpiredError,
  AgentIdRegistrationFailedError,
  AgentIdTimeoutError,
  AgentIdUnavailableInBrowserError,
  MissingAgentIdKeyError,
} from "./errors.js";
export type { AgentInfo } from "./getAgentInfo.js";
export type { AgentSummary, AgentsForAddress } from "./getAgentsForAddress.js";
export {
  type AgentRequestBody,
  type HashAgentRequestParameters,
  hashAgentRequest,
  hashAgentRequestBody,
} from "./hashAgentRequest.js";
export {
  type AgentHeaderProblem,
  type AgentHeadersInput,
  type AgentRequestHeaderValues,
  type ParseAgentRequestHeadersReturnType,
  parseAgentRequestHeaders,
} from "./parseAgentRequestHeaders.js";
export type { AgentRegistrationSession, AgentRegistrationStage } from "./registrationSession.js";
export {
  type AgentRequest,
  type AgentRequestHeaders,
  type SignAgentRequestOptions,
  signAgentRequest,
} from "./signAgentRequest.js";
export type { StartRegistrationOptions } from "./startRegistration.js";
export type { AgentVerification } from "./verifyAgent.js";
export {
  type AgentRequestRejection,
  type AgentRequestVerification,
  type AgentRequestVerifier,
  type AgentRequestVerifierOptions,
  createAgentRequestVerifier,
  type IncomingAgentRequest,
  verifyAgentRequest,
} from "./verifyAgentRequest.js";
export type {
  AgentRegistrationResult,
  AgentRegistrationStageEvent,
  WaitForRegistrationOptions,
} from "./waitForRegistration.js";
