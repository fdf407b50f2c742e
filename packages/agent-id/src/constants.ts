import type { Address } from "viem";

/**
 * The agent registry contract on chain 42220 (`isVerifiedAgent(bytes32)`, `getAgentId(bytes32)`,
 * `isProofFresh(uint256)`, `getAgentCredentials(uint256)`).
 *
 * @example
 * ```ts
 * import { AGENT_REGISTRY_ADDRESS } from "@preflow/agent-id";
 * console.log(AGENT_REGISTRY_ADDRESS); // 0xaC3DF9ABf80d0F5c020C06B04Cced27763355944
 * ```
 */
export const AGENT_REGISTRY_ADDRESS: Address = "0xaC3DF9ABf80d0F5c020C06B04Cced27763355944";

/**
 * The three headers of a signed agent request (lowercase, as HTTP/2 and Node deliver them).
 *
 * @example
 * ```ts
 * import { AGENT_ID_HEADERS } from "@preflow/agent-id";
 * const address = request.headers[AGENT_ID_HEADERS.address]; // "x-self-agent-address"
 * ```
 */
export const AGENT_ID_HEADERS = Object.freeze({
  address: "x-self-agent-address",
  signature: "x-self-agent-signature",
  timestamp: "x-self-agent-timestamp",
} as const);

/**
 * How far a signed request's timestamp may be from the verifier's clock: 5 minutes, either way.
 *
 * @example
 * ```ts
 * import { AGENT_REQUEST_MAX_AGE_MS, createAgentRequestVerifier } from "@preflow/agent-id";
 * const verifier = createAgentRequestVerifier({ maxAgeMs: AGENT_REQUEST_MAX_AGE_MS / 5 }); // stricter: 1 minute
 * ```
 */
export const AGENT_REQUEST_MAX_AGE_MS = 5 * 60 * 1000;

/** The minimal ABI of the registry functions preflow calls. @internal */
export const agentRegistryAbi = [
  {
    type: "function",
    name: "isVerifiedAgent",
    stateMutability: "view",
    inputs: [{ name: "agentKey", type: "bytes32" }],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;
