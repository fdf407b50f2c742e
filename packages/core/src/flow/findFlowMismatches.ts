import { type Abi, decodeFunctionData, type Hex } from "viem";
import type { CheckedStep, DecodedCall } from "../protocols/definition.js";
import { PROTOCOLS } from "../protocols/registry.js";
import { INTENT_KIND_DEFINITIONS } from "./intentKinds.js";
import { toJsonValue } from "./toJsonValue.js";
import type { FlowIntent, JsonValue, SerializedPreparedFlow } from "./types.js";

/**
 * Where a flow's self-description (`call`, `intent`) says something its calldata does not do. `path` names the
 * field (`steps[0].call`, `intent`), `rule` says what differs.
 *
 * @example
 * ```ts
 * import type { FlowMismatch } from "@preflow/core";
 * const mismatch: FlowMismatch = {
 *   path: "steps[0].call",
 *   rule: "says transfer(0x…a11c, 1000000000000000000) but the calldata is transfer(0x…bad0, 1000000000000000000000)",
 * };
 * ```
 */
export interface FlowMismatch {
  path: string;
  rule: string;
}

let knownAbi: Abi | undefined;
/** The functions preflow can read back from calldata: every registered protocol's, built on first use. */
function knownAbiOf(): Abi {
  knownAbi ??= PROTOCOLS.flatMap((protocol) => [
    ...(protocol.abi ?? []),
    ...(protocol.contracts ?? []).flatMap((contract) => contract.abi),
  ]) as Abi;
  return knownAbi;
}

/**
 * Decodes `data` with the known ABIs; `undefined` when the selector is not one of them or the data is malformed.
 * A multicall's inner calls are decoded too (`{ functionName, args }` each), as `prepare*` describes them. @internal
 */
export function decodeKnownCall(data: Hex): DecodedCall | undefined {
  try {
    const { functionName, args = [] } = decodeFunctionData({ abi: knownAbiOf(), data });
    if (functionName === "multicall" && Array.isArray(args[1])) {
      const inner = (args[1] as readonly Hex[]).map((entry) => decodeKnownCall(entry));
      if (inner.some((call) => call === undefined)) return undefined;
      return { functionName, args: [toJsonValue(args[0]), inner as unknown as JsonValue] };
    }
    return { functionName, args: (args as readonly unknown[]).map((arg) => toJsonValue(arg)) };
  } catch {
    return undefined;
  }
}

/** A canonical form for comparing JSON arguments: numbers as decimal strings, hex (addresses too) lower-case. */
function canonical(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return "null";
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : `n:${value}`;
  if (typeof value === "string") return /^0x[0-9a-fA-F]*$/.test(value) ? value.toLowerCase() : value;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map((entry) => canonical(entry)).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${key}:${canonical(value[key])}`)
    .join(",")}}`;
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined) => canonical(a) === canonical(b);

function show(call: DecodedCall | { functionName: string; args: JsonValue[] }): string {
  const text = `${call.functionName}(${call.args.map((arg) => JSON.stringify(arg)).join(", ")})`;
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/**
 * Compares a flow's self-description with what its calldata does, where preflow can read the calldata back (the
 * ABIs of every registered protocol, `PROTOCOLS`: ERC-20 `transfer`/`approve`/`transferFrom`, the swap routers,
 * the lending pool...):
 *
 * - every step's `call` must name the function decoded from the same step's calldata, with the same arguments;
 * - the `intent` must be carried out as its kind's definition says (`IntentKindDefinition.check`), step by step
 *   by index: a send by a `transfer` of that amount to that address (or, for CELO, native value), a contract call
 *   by a step sent to its target that calls its function, a swap or a lending operation by the flow's last step
 *   (approvals come first); never by "the first step sent to the same address".
 *
 * A step whose calldata calls something else (a contract's own ABI) cannot be checked this way and is not
 * reported. `parsePreparedFlow` refuses a flow with any mismatch, so a flow edited by hand cannot show one thing
 * in its preview and do another. Pure; never throws.
 *
 * @param flow - A prepared flow (fields already checked for shape).
 * @returns The mismatches, in step order then the intent; empty when the flow is consistent.
 *
 * @example
 * ```ts
 * import { findFlowMismatches } from "@preflow/core";
 * const flow = await client.transaction.prepareSend(from, alice, "USDm", "1");
 * findFlowMismatches(flow); // []
 * ```
 */
export function findFlowMismatches(flow: SerializedPreparedFlow): FlowMismatch[] {
  const mismatches: FlowMismatch[] = [];
  const decoded = flow.steps.map((step) => (step.data === "0x" ? undefined : decodeKnownCall(step.data)));
  flow.steps.forEach((step, index) => {
    const call = step.call;
    const actual = decoded[index];
    if (call === undefined || actual === undefined) return;
    const described = { functionName: call.functionName, args: call.args };
    if (described.functionName !== actual.functionName || !same(described.args, actual.args)) {
      mismatches.push({
        path: `steps[${index}].call`,
        rule: `says ${show(described)} but the calldata is ${show(actual)}`,
      });
    }
  });
  if (flow.intent !== undefined) {
    const problem = intentProblem(flow.intent, flow, decoded);
    if (problem !== undefined) mismatches.push({ path: "intent", rule: problem });
  }
  return mismatches;
}

function intentProblem(
  intent: FlowIntent,
  flow: SerializedPreparedFlow,
  decoded: (DecodedCall | undefined)[],
): string | undefined {
  const definition = INTENT_KIND_DEFINITIONS.get(intent.kind);
  if (flow.steps.length === 0) return "says an intent, but the flow has no steps";
  if (definition === undefined) return `says an intent of kind ${intent.kind}, which no protocol declares`;
  const checked: CheckedStep[] = flow.steps.map((step, index) => ({
    index,
    to: step.to,
    value: step.value,
    data: step.data,
    call: step.call,
    decoded: decoded[index],
  }));
  return definition.check(intent, {
    from: flow.from,
    steps: checked,
    action: checked[checked.length - 1]!,
    same,
    show,
    protocols: PROTOCOLS,
  });
}
