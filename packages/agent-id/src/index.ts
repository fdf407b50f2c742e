/**
 * `@preflow/agent-id` (also `preflow/agent-id`): agent identity for chain 42220, Node only. Agents sign their HTTP
 * requests with their own key; services verify the signature and the on-chain agent registry. Add it to a client
 * with `createSdkClient().extend(agentIdActions)`, or call the exported actions with a client.
 *
 * @packageDocumentation
 */

export { AGENT_ID_PRIVATE_KEY_ENV, DEFAULT_AGENT_ID_API_BASE } from "@preflow/core";
export {
  type AgentInfo,
  type GetAgentInfoErrorType,
  type GetAgentInfoParameters,
  getAgentInfo,
} from "./actions/getAgentInfo.js";
export {
  type AgentSummary,
  type AgentsForAddress,
  type GetAgentsForAddressErrorType,
  type GetAgentsForAddressParameters,
  getAgentsForAddress,
} from "./actions/getAgentsForAddress.js";
export {
  type IsVerifiedAgentErrorType,
  type IsVerifiedAgentParameters,
  isVerifiedAgent,
} from "./actions/isVerifiedAgent.js";
export {
  type StartRegistrationErrorType,
  type StartRegistrationOptions,
  startRegistration,
} from "./actions/startRegistration.js";
export {
  type AgentVerification,
  type VerifyAgentErrorType,
  type VerifyAgentParameters,
  verifyAgent,
} from "./actions/verifyAgent.js";
export {
  type AgentRegistrationResult,
  type AgentRegistrationStageEvent,
  type WaitForRegistrationErrorType,
  type WaitForRegistrationOptions,
  type WaitForRegistrationParameters,
  waitForRegistration,
} from "./actions/waitForRegistration.js";
export { canonicalizeAgentUrl } from "./canonicalUrl.js";
export { AGENT_ID_HEADERS, AGENT_REGISTRY_ADDRESS, AGENT_REQUEST_MAX_AGE_MS } from "./constants.js";
export {
  type AgentIdActions,
  agentIdActions,
  type ClientVerifyAgentRequestOptions,
} from "./decorators/agentId.js";
export {
  AgentIdError,
  type AgentIdErrorCode,
  type AgentIdErrorParameters,
  AgentIdHttpError,
  type AgentIdHttpErrorParameters,
  AgentIdInvalidResponseError,
  AgentIdRegistrationExpiredError,
  AgentIdRegistrationFailedError,
  AgentIdTimeoutError,
  AgentIdUnavailableInBrowserError,
  AgentRegistryNotDeployedError,
  MissingAgentIdKeyError,
} from "./errors/AgentIdError.js";
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
export {
  type AgentRequestRejection,
  type AgentRequestVerification,
  type AgentRequestVerifier,
  type AgentRequestVerifierOptions,
  createAgentRequestVerifier,
  type IncomingAgentRequest,
  verifyAgentRequest,
} from "./verifyAgentRequest.js";
