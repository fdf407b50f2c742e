import type { ProtocolDefinition } from "../protocols/definition.js";
import { PROTOCOLS } from "../protocols/registry.js";
import type { SerializedPreparedFlow } from "./types.js";

/**
 * The registered protocol a step of a flow belongs to: the one with a contract at the step's `to`, else the one
 * whose contract label its `call.contract` names, else the one that declares the flow's intent kind (when it has
 * contracts); `undefined` for a plain token transfer or an unknown contract. Used to read a revert's bare string
 * codes as that protocol's (`decodeRevertReason(data, { protocol })`). Pure; never throws.
 *
 * @param flow - A prepared flow.
 * @param index - The step's index (any number: out of range gives the intent's protocol, if any).
 * @returns The protocol's definition, or `undefined`.
 *
 * @example
 * ```ts
 * import { decodeRevertReason, findStepProtocol } from "@preflow/core";
 * const protocol = findStepProtocol(flow, failedStep)?.id;
 * decodeRevertReason(revertData, { protocol }).message;
 * ```
 */
export function findStepProtocol(
  flow: Pick<SerializedPreparedFlow, "steps" | "intent">,
  index: number,
): ProtocolDefinition | undefined {
  const step = Number.isInteger(index) ? flow.steps[index] : undefined;
  const to = step?.to.toLowerCase();
  const label = step?.call?.contract;
  const byContract = PROTOCOLS.find((protocol: ProtocolDefinition) =>
    (protocol.contracts ?? []).some(
      (contract) =>
        contract.address.toLowerCase() === to || (label !== undefined && contract.label === label),
    ),
  );
  if (byContract !== undefined) return byContract;
  const kind = flow.intent?.kind;
  return PROTOCOLS.find(
    (protocol: ProtocolDefinition) =>
      kind !== undefined &&
      (protocol.contracts ?? []).length > 0 &&
      Object.keys(protocol.intents ?? {}).includes(kind),
  );
}
