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

/**
 * A send of a token (`prepareSend`). Amounts are base units as decimal strings; tokens are addresses.
 *
 * @example
 * ```ts
 * import type { SendIntent } from "@preflow/core";
 * const intent: SendIntent = { kind: "send", token: "0x765DE816845861e75A25fCA122bb6898B8B1282a", to: "0x2222222222222222222222222222222222222222", amount: "1500000000000000000" };
 * ```
 */
export interface SendIntent {
  kind: "send";
  token: Address;
  to: Address;
  amount: string;
}

/**
 * An approval (`prepareApprove`): `amount` in base units (`"0"` revokes; max uint256 is unlimited).
 *
 * @example
 * ```ts
 * import type { ApproveIntent } from "@preflow/core";
 * const intent: ApproveIntent = { kind: "approve", token: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C", spender: "0x3333333333333333333333333333333333333333", amount: "25000000" };
 * ```
 */
export interface ApproveIntent {
  kind: "approve";
  token: Address;
  spender: Address;
  amount: string;
}

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
 * A swap on a venue: amounts in base units; `deadline` in unix seconds; `route` as the venue describes it (token
 * addresses, pool fees, exchange ids); `recipient` receives `tokenOut` (every swap preflow prepares sets it;
 * flows prepared by older versions may lack it, and then the tokens went to `from`).
 *
 * @example
 * ```ts
 * import type { SwapIntent } from "@preflow/core";
 * const intent: SwapIntent = {
 *   kind: "swap", venue: "uniswap", tokenIn: usdc, tokenOut: usdm, amountIn: "100000000",
 *   expectedAmountOut: "99900000000000000000", minAmountOut: "99400000000000000000", deadline: "1767225600",
 *   route: [usdc, 100, usdm], recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
 * };
 * ```
 */
export interface SwapIntent {
  kind: "swap";
  venue: "uniswap" | "mento";
  tokenIn: Address;
  tokenOut: Address;
  amountIn: string;
  expectedAmountOut: string;
  minAmountOut: string;
  deadline: string;
  route: JsonValue[];
  /** Who receives `tokenOut`. Absent in flows of older versions (the tokens went to `from`). */
  recipient?: Address;
}

/**
 * A lending operation on Aave v3: `amount` in base units of `token`.
 *
 * @example
 * ```ts
 * import type { LendingIntent } from "@preflow/core";
 * const intent: LendingIntent = { kind: "supply", protocol: "aave-v3", token: usdc, amount: "10000000" };
 * ```
 */
export interface LendingIntent {
  kind: "supply" | "withdraw" | "borrow" | "repay";
  protocol: "aave-v3";
  token: Address;
  amount: string;
}

/**
 * What a flow is for, machine-readable: a policy or an agent can check it without decoding calldata.
 *
 * @example
 * ```ts
 * import type { FlowIntent } from "@preflow/core";
 * function isSend(intent: FlowIntent | undefined): boolean {
 *   return intent?.kind === "send";
 * }
 * ```
 */
export type FlowIntent = SendIntent | ApproveIntent | ContractCallIntent | SwapIntent | LendingIntent;

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
  fee?: import("../fees/planFee.js").FlowFee;
}
