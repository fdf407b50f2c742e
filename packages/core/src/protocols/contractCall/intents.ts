import type { Address } from "viem";
import type { IntentKinds } from "../definition.js";
import { intentFields } from "../intentFields.js";

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
 * The `contractCall` intent: carried out by a step sent to `to` that calls `functionName` (or whose calldata
 * preflow cannot read back). Each step is checked on its own, by its index: never only the first step sent to
 * `to` (that is the approval when the flow approves the contract it calls, such as a token's own `transferFrom`
 * after an approval on the token itself). @internal
 */
export const contractCallIntents: IntentKinds<ContractCallIntent> = {
  contractCall: {
    ...intentFields("contractCall", { to: "address", functionName: "nonEmptyText" }),
    describe: (intent, c) => `You call ${intent.functionName} on ${c.name(intent.to)}`,
    check: (intent, c) => {
      const target = intent.to.toLowerCase();
      const sent = c.steps.filter((step) => step.to.toLowerCase() === target);
      if (sent.length === 0) return `says a call to ${intent.to}, but no step calls it`;
      const makes = sent.some(
        (step) => step.decoded === undefined || step.decoded.functionName === intent.functionName,
      );
      if (makes) return undefined;
      const called = sent.map((step) => step.decoded?.functionName).join(", ");
      return `says ${intent.functionName} on ${intent.to}, but the calldata calls ${called}`;
    },
  },
};
