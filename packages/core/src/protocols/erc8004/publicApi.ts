// ERC-8004 (Trustless Agents) on Celo: everything @preflow/core exports of it, re-exported whole by the package's
// index (src/index.ts keeps to one line per protocol folder that grows past a handful of exports).
export {
  erc1271Abi as erc8004Erc1271Abi,
  erc8004IdentityRegistryAbi,
  erc8004ReputationRegistryAbi,
} from "./abis.js";
export type {
  GetAgentErrorType,
  GetAgentParameters,
  GetAgentReturnType,
} from "./actions/getAgent.js";
export type {
  GetAgentReputationErrorType,
  GetAgentReputationParameters,
  GetAgentReputationReturnType,
} from "./actions/getAgentReputation.js";
export type {
  PrepareGiveFeedbackErrorType,
  PrepareGiveFeedbackParameters,
  PrepareGiveFeedbackReturnType,
} from "./actions/prepareGiveFeedback.js";
export type {
  PrepareRegisterAgentErrorType,
  PrepareRegisterAgentParameters,
  PrepareRegisterAgentReturnType,
} from "./actions/prepareRegisterAgent.js";
export type {
  PrepareSetAgentUriErrorType,
  PrepareSetAgentUriParameters,
  PrepareSetAgentUriReturnType,
} from "./actions/prepareSetAgentUri.js";
export type {
  PrepareSetAgentWalletErrorType,
  PrepareSetAgentWalletParameters,
  PrepareSetAgentWalletReturnType,
} from "./actions/prepareSetAgentWallet.js";
export type {
  AgentFeedbackEntry,
  ReadAgentFeedbackErrorType,
  ReadAgentFeedbackParameters,
  ReadAgentFeedbackReturnType,
} from "./actions/readAgentFeedback.js";
export { ERC8004_ADDRESSES, ERC8004_AGENT_REGISTRY } from "./addresses.js";
export { type AgentWalletSigner, agentWalletTypedData } from "./agentWalletTypedData.js";
export { erc8004Protocol } from "./definition.js";
export {
  type Erc8004ErrorCode,
  type Erc8004Refusal,
  Erc8004RefusedError,
} from "./errors.js";
export type { ProofOfPayment } from "./feedbackFile.js";
export type {
  AgentFeedbackIntent,
  AgentRegisterIntent,
  AgentSetUriIntent,
  AgentSetWalletIntent,
  Erc8004Intent,
} from "./intents.js";
export {
  getAgent,
  getAgentReputation,
  prepareGiveFeedback,
  prepareRegisterAgent,
  prepareSetAgentUri,
  prepareSetAgentWallet,
  readAgentFeedback,
} from "./lazyActions.js";
export {
  AGENT_REGISTRATION_TYPE,
  type AgentRegistrationEntry,
  type AgentRegistrationFile,
  type AgentService,
  type BuildRegistrationFileParameters,
  buildRegistrationFile,
  parseCaip10,
  parseRegistrationDataUri,
  registrationFileToDataUri,
  validateRegistrationFile,
} from "./registrationFile.js";
