import { type CelinaClientOptions, createSdkClient } from "@preflow/core";
import { agentIdActions } from "../../src/index.js";

/** A preflow client with the agent-identity group, as users make one. */
export function createAgentClient(options?: CelinaClientOptions) {
  return createSdkClient(options).extend(agentIdActions);
}

export type AgentClient = ReturnType<typeof createAgentClient>;
