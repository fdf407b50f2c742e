// Stage 1 of an execution: identify the flow. The flow is validated (core's parsePreparedFlow), its id computed
// (flowIdentity.ts) and, when the caller named one, its fee currency checked; nothing is read from the chain.
import type { SerializedPreparedFlow } from "@preflow/core";
import { FlowAccountMismatchError } from "@preflow/core";
import type { Account } from "viem";
import { checkFeeCurrency } from "./checkFeeCurrency.js";
import { type ExecutionRuntime, requireSigner } from "./executionContext.js";
import { flowIdentity } from "./flowIdentity.js";

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

/** The signer, which must be the flow's `from` (FlowAccountMismatchError otherwise). @internal */
export function flowSigner(runtime: ExecutionRuntime, flow: SerializedPreparedFlow, tool: string): Account {
  const account = requireSigner(runtime, tool);
  if (flow.from.toLowerCase() !== account.address.toLowerCase()) {
    throw new FlowAccountMismatchError({ from: flow.from, account: account.address, accountKind: "signer" });
  }
  return account;
}
