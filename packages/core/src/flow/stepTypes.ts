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
 * A JSON value (what crosses MCP, HTTP and queues unchanged). Integers beyond 2^53 travel as decimal strings.
 *
 * @example
 * ```ts
 * import type { JsonValue } from "@preflow/core";
 * const args: JsonValue[] = ["0x3333333333333333333333333333333333333333", "25000000"];
 * ```
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The decoded call of a step, so that a signer (a person, an agent, a policy) can read what it signs without the
 * ABI: the contract's label, the function and its arguments (bigints as decimal strings, addresses checksummed).
 *
 * @example
 * ```ts
 * import type { StepCall } from "@preflow/core";
 * const call: StepCall = { contract: "USDm", functionName: "transfer", args: ["0x2222222222222222222222222222222222222222", "1500000000000000000"] };
 * ```
 */
export interface StepCall {
  /** A label for the contract: a token symbol (`"USDm"`), or a name such as `"Uniswap SwapRouter02"`, `"Aave v3 Pool"`. */
  contract: string;
  functionName: string;
  args: JsonValue[];
}

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
 *   call: { contract: "USDm", functionName: "transfer", args: ["0x...", "1500000000000000000"] },
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
  /** The decoded call (set by every `prepare*`; optional so that flows of older versions stay valid). */
  call?: StepCall;
  /**
   * CIP-64: the fee currency to sign this step with (the adapter for USDC and USD₮; `flow.fee` says what it
   * costs); absent = gas paid in CELO.
   */
  feeCurrency?: Address;
}
