import { defineProtocol } from "../definition.js";
import { type ContractCallIntent, contractCallIntents } from "./intents.js";

/**
 * Generic contract calls (`prepareContractCall`): not a protocol, but the owner of the `contractCall` intent kind.
 *
 * @example
 * ```ts
 * import { contractCallProtocol } from "@preflow/core";
 * contractCallProtocol.intents?.contractCall.fields; // ["to", "functionName"]
 * ```
 */
export const contractCallProtocol = /* @__PURE__ */ defineProtocol<ContractCallIntent>({
  id: "contract-call",
  label: "Contract call",
  intents: contractCallIntents,
});
