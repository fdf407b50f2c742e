import type { Address } from "viem";
import type { RegisteredIntent } from "../protocols/registry.js";
import type { PreparedStep } from "./stepTypes.js";

export type { JsonValue, PreparedStep, PreparedStepKind, StepCall } from "./stepTypes.js";

/**
 * What a flow is for, machine-readable: a policy or an agent can check it without decoding calldata. The union of
 * the intent kinds of every registered protocol (`PROTOCOLS`): each protocol declares its own in its folder.
 *
 * @example
 * ```ts
 * import type { FlowIntent } from "@preflow/core";
 * function isSend(intent: FlowIntent | undefined): boolean {
 *   return intent?.kind === "send";
 * }
 * ```
 */
export type FlowIntent = RegisteredIntent;

/**
 * A prepared flow: the ordered unsigned steps of one intent (approvals before their action), for chain
 * 42220. JSON-safe, so it crosses MCP, HTTP and queues unchanged; validate one from outside with
 * `parsePreparedFlow`.
 *
 * @example
 * ```ts
 * import type { SerializedPreparedFlow } from "@preflow/core";
 *
 * const flow: SerializedPreparedFlow = await client.transaction.prepareSend(from, to, "USDm", "1.5");
 * for (const step of flow.steps) console.log(step.description);
 * flow.intent; // { kind: "send", token, to, amount }
 * flow.preparedAt; // { blockNumber: "31234567" }
 * ```
 */
export interface SerializedPreparedFlow {
  preparedFlow: true;
  chainId: 42220;
  from: Address;
  summary: string;
  steps: PreparedStep[];
  /** What the flow is for (set by every `prepare*`). */
  intent?: FlowIntent;
  /** The block its checks (balance, allowance, quote) were read at, as a decimal string. */
  preparedAt?: { blockNumber: string };
  /** Unix seconds (decimal string) after which the flow is stale (a quote's deadline). */
  expiresAt?: string;
  /** When gas is paid in a fee currency: the currency, gas and fee caps of every step and the fee it costs. */
  fee?: import("../fees/flowFeeType.js").FlowFee;
}
