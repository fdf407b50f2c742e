import type { Address } from "viem";
import type { IntentKinds } from "../definition.js";

/**
 * A generic contract call (`prepareContractCall`).
 *
 * @example
 * ```ts
 * import type { ContractCallIntent } from "@preflow/core";
 * const intent: ContractCallIntent = { kind: "contractCall", to: "0x4444444444444444444444444444444444444444", functionName: "deposit" };
 * ```
 */
export interface ContractCallIntent {
  kind: "contractCall";
  to: Address;
  functionName: string;
}

/**
 * The `contractCall` intent: carried out by the flow's **last** step (its approvals come first), which must be
 * sent to `to` and, when its calldata can be read back, call `functionName`. The last step, by its index: never
 * the first step sent to `to` (that is the approval when the flow approves the contract it calls, such as a
 * token's own `transferFrom` after an approval of the token itself). @internal
 */
export const contractCallIntents: IntentKinds<ContractCallIntent> = {
  contractCall: {
    fields: ["to", "functionName"],
    parse: (read) => ({
      kind: "contractCall",
      to: read.address("to"),
      functionName: read.text("functionName", { nonEmpty: true }),
    }),
    describe: (intent, c) => `You call ${intent.functionName} on ${c.name(intent.to)}`,
    check: (intent, c) => {
      const { action } = c;
      if (action.to.toLowerCase() !== intent.to.toLowerCase())
        return `says a call to ${intent.to}, but its last step calls ${action.to}`;
      if (action.decoded !== undefined && action.decoded.functionName !== intent.functionName)
        return `says ${intent.functionName} on ${intent.to}, but the calldata calls ${action.decoded.functionName}`;
      return undefined;
    },
  },
};
