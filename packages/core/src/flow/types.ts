import type { Address } from "viem";
import type { RegisteredIntent } from "../protocols/registry.js";
import type { JsonValue, PreparedStep } from "./stepTypes.js";

export type { ApproveIntent, SendIntent } from "../protocols/erc20/intents.js";
export type { JsonValue, PreparedStep, PreparedStepKind, StepCall } from "./stepTypes.js";

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
export type FlowIntent = RegisteredIntent | ContractCallIntent | SwapIntent | LendingIntent;

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
}
