import type { Address, Hex } from "viem";

/**
 * What a step does: a plain value transfer (`native`), a token call (`erc20`: transfer or approve), or
 * any other contract call (`contract`).
 *
 * @example
 * ```ts
 * import type { PreparedStepKind } from "@preflow/core";
 * const kind: PreparedStepKind = "erc20";
 * ```
 */
export type PreparedStepKind = "native" | "erc20" | "contract";

/**
 * One unsigned transaction of a prepared flow. JSON-safe: `value` is wei as a decimal string.
 *
 * @example
 * ```ts
 * import type { PreparedStep } from "@preflow/core";
 * const step: PreparedStep = {
 *   kind: "erc20",
 *   to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
 *   data: "0xa9059cbb...",
 *   value: "0",
 *   description: "Transfer 1.5 USDm to 0x...",
 * };
 * ```
 */
export interface PreparedStep {
  kind: PreparedStepKind;
  to: Address;
  data: Hex;
  /** Wei, as a non-negative decimal integer string. */
  value: string;
  description: string;
}

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
 * ```
 */
export interface SerializedPreparedFlow {
  preparedFlow: true;
  chainId: 42220;
  from: Address;
  summary: string;
  steps: PreparedStep[];
}
