/**
 * `preflow/agent-id`: agent identity for chain 42220, Node only (re-exports `@preflow/agent-id`). Kept out of the
 * `preflow` entry so that browser bundles never carry it.
 *
 * @example
 * import { createSdkClient } from "preflow";
 * import { agentIdActions } from "preflow/agent-id";
 *
 * const client = createSdkClient().extend(agentIdActions); // key from AGENT_ID_PRIVATE_KEY
 * const response = await client.agentId.fetch("https://api.example.org/v1/quote");
 *
 * @packageDocumentation
 */
export * from "@preflow/agent-id";
