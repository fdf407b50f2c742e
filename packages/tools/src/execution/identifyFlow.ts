// Stage 1 of an execution: identify the flow. The flow is validated (core's parsePreparedFlow), its id computed
// (flowIdentity.ts) and, when the caller named one, its fee currency checked; nothing is read from the chain.
import type { SerializedPreparedFlow } from "@preflow/core";
import { FlowAccountMismatchError } from "@preflow/core";
import type { Account } from "viem";
import { checkFeeCurrency } from "./checkFeeCurrency.js";
import { type ExecutionRuntime, requireSigner } from "./executionContext.js";
import { flowIdentity } from "./flowIdentity.js";
import { checkBudgetAgent } from "./loadBudget.js";

/** The flow and its id. @internal */
export interface IdentifiedFlow {
  flow: SerializedPreparedFlow;
  flowId: string;
}

/** Validates the flow (unknown input) and computes its id; see the file comment. @internal */
export function identifyFlow(
  runtime: ExecutionRuntime,
  parameters: { tool: string; flow: unknown; feeCurrency?: string | undefined },
): IdentifiedFlow {
  const flow = runtime.core.parsePreparedFlow(parameters.flow);
  const flowId = flowIdentity(flow);
  if (parameters.feeCurrency !== undefined)
    checkFeeCurrency(runtime.core, flow, parameters.feeCurrency, parameters.tool);
  return { flow, flowId };
}

/**
 * The signer, which must be the flow's `from` (FlowAccountMismatchError otherwise); with an agent budget the flow's
 * `from` must be the budget's owner, and the signer its agent. @internal
 */
export function flowSigner(runtime: ExecutionRuntime, flow: SerializedPreparedFlow, tool: string): Account {
  const account = requireSigner(runtime, tool);
  const budget = runtime.budget;
  if (budget !== undefined) checkBudgetAgent(budget, account.address);
  const from = budget?.owner ?? account.address;
  if (flow.from.toLowerCase() !== from.toLowerCase()) {
    throw new FlowAccountMismatchError({ from: flow.from, account: from, accountKind: "signer" });
  }
  return account;
}
