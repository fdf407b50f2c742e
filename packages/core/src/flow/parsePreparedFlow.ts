import { getAddress, isAddress, maxUint256 } from "viem";
import { CHAIN_ID } from "../chain.js";
import { InvalidPreparedFlowError } from "../errors/preparedFlow.js";
import type {
  FlowIntent,
  JsonValue,
  PreparedStep,
  PreparedStepKind,
  SerializedPreparedFlow,
  StepCall,
} from "./types.js";

const KINDS: readonly PreparedStepKind[] = ["native", "erc20", "contract"];
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const UINT = /^(?:0|[1-9]\d*)$/;
const MAX_JSON_DEPTH = 16;

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function fail(path: string, rule: string): never {
  throw new InvalidPreparedFlowError({ path, rule });
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

function record(value: unknown, path: string, allowed: readonly string[]): Fields {
  if (!isRecord(value)) fail(path, `not an object (got ${typeName(value)})`);
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(path === "(root)" ? key : `${path}.${key}`, "unknown field");
  }
  return value;
}

function address(value: unknown, path: string): PreparedStep["to"] {
  if (typeof value !== "string") fail(path, `not an address (got ${typeName(value)})`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) fail(path, "not an address (0x + 40 hex)");
  if (!isAddress(value)) fail(path, "wrong EIP-55 checksum");
  return getAddress(value);
}

function text(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== "string") fail(path, `must be a string (got ${typeName(value)})`);
  if (nonEmpty && value.length === 0) fail(path, "must not be empty");
  return value;
}

function uint(value: unknown, path: string, what = "a decimal integer string"): string {
  if (typeof value !== "string") fail(path, `must be ${what} (got ${typeName(value)})`);
  if (!UINT.test(value)) fail(path, "not a non-negative integer string");
  if (BigInt(value) > maxUint256) fail(path, "beyond uint256");
  return value;
}

function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    fail(path, `must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

function json(value: unknown, path: string, depth = 0): JsonValue {
  if (depth > MAX_JSON_DEPTH) fail(path, `nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) fail(path, "not a finite number");
    return value;
  }
  if (Array.isArray(value)) return value.map((entry, index) => json(entry, `${path}[${index}]`, depth + 1));
  if (isRecord(value)) {
    const out: Record<string, JsonValue> = {};
    for (const [key, entry] of Object.entries(value)) out[key] = json(entry, `${path}.${key}`, depth + 1);
    return out;
  }
  return fail(path, `not a JSON value (got ${typeName(value)})`);
}

function parseCall(value: unknown, path: string): StepCall {
  const fields = record(value, path, ["contract", "functionName", "args"]);
  const args = fields.args;
  if (!Array.isArray(args)) fail(`${path}.args`, `not an array (got ${typeName(args)})`);
  return {
    contract: text(fields.contract, `${path}.contract`, true),
    functionName: text(fields.functionName, `${path}.functionName`, true),
    args: args.map((arg, index) => json(arg, `${path}.args[${index}]`)),
  };
}

function parseStep(value: unknown, index: number): PreparedStep {
  const at = `steps[${index}]`;
  const fields = record(value, at, ["kind", "to", "data", "value", "description", "call"]);
  const kind = oneOf(fields.kind, `${at}.kind`, KINDS);
  const to = address(fields.to, `${at}.to`);
  const data = fields.data;
  if (typeof data !== "string") fail(`${at}.data`, `not hex (got ${typeName(data)})`);
  if (!HEX.test(data)) fail(`${at}.data`, "not hex (0x followed by whole bytes)");
  const wei = uint(fields.value, `${at}.value`, "a decimal string of wei");
  const description = text(fields.description, `${at}.description`);
  const step: PreparedStep = { kind, to, data: data as PreparedStep["data"], value: wei, description };
  if (fields.call !== undefined) step.call = parseCall(fields.call, `${at}.call`);
  return step;
}

const INTENT_FIELDS = {
  send: ["kind", "token", "to", "amount"],
  approve: ["kind", "token", "spender", "amount"],
  contractCall: ["kind", "to", "functionName"],
  swap: [
    "kind",
    "venue",
    "tokenIn",
    "tokenOut",
    "amountIn",
    "expectedAmountOut",
    "minAmountOut",
    "deadline",
    "route",
  ],
  supply: ["kind", "protocol", "token", "amount"],
  withdraw: ["kind", "protocol", "token", "amount"],
  borrow: ["kind", "protocol", "token", "amount"],
  repay: ["kind", "protocol", "token", "amount"],
} as const;
const INTENT_KINDS = Object.keys(INTENT_FIELDS) as (keyof typeof INTENT_FIELDS)[];

function parseIntent(value: unknown): FlowIntent {
  const path = "intent";
  if (!isRecord(value)) fail(path, `not an object (got ${typeName(value)})`);
  const kind = oneOf(value.kind, `${path}.kind`, INTENT_KINDS);
  const fields = record(value, path, INTENT_FIELDS[kind]);
  switch (kind) {
    case "send":
      return {
        kind,
        token: address(fields.token, `${path}.token`),
        to: address(fields.to, `${path}.to`),
        amount: uint(fields.amount, `${path}.amount`),
      };
    case "approve":
      return {
        kind,
        token: address(fields.token, `${path}.token`),
        spender: address(fields.spender, `${path}.spender`),
        amount: uint(fields.amount, `${path}.amount`),
      };
    case "contractCall":
      return {
        kind,
        to: address(fields.to, `${path}.to`),
        functionName: text(fields.functionName, `${path}.functionName`, true),
      };
    case "swap": {
      const route = fields.route;
      if (!Array.isArray(route)) fail(`${path}.route`, `not an array (got ${typeName(route)})`);
      return {
        kind,
        venue: oneOf(fields.venue, `${path}.venue`, ["uniswap", "mento"] as const),
        tokenIn: address(fields.tokenIn, `${path}.tokenIn`),
        tokenOut: address(fields.tokenOut, `${path}.tokenOut`),
        amountIn: uint(fields.amountIn, `${path}.amountIn`),
        expectedAmountOut: uint(fields.expectedAmountOut, `${path}.expectedAmountOut`),
        minAmountOut: uint(fields.minAmountOut, `${path}.minAmountOut`),
        deadline: uint(fields.deadline, `${path}.deadline`),
        route: route.map((hop, index) => json(hop, `${path}.route[${index}]`)),
      };
    }
    default:
      return {
        kind,
        protocol: oneOf(fields.protocol, `${path}.protocol`, ["aave-v3"] as const),
        token: address(fields.token, `${path}.token`),
        amount: uint(fields.amount, `${path}.amount`),
      };
  }
}

const FLOW_FIELDS = [
  "preparedFlow",
  "chainId",
  "from",
  "summary",
  "steps",
  "intent",
  "preparedAt",
  "expiresAt",
] as const;

/**
 * Validates a prepared flow that comes from outside (JSON from an agent, a queue, an HTTP body) and returns a
 * clean typed copy (addresses checksummed). Rules: `preparedFlow` is `true`, `chainId` is 42220, `from` and
 * every `to` are addresses, `steps` is non-empty, every `data` is hex, every `value` is a non-negative integer
 * string within uint256; the optional `call` of a step (`{ contract, functionName, args }`, JSON arguments),
 * `intent` (a {@link FlowIntent}), `preparedAt` (`{ blockNumber }`) and `expiresAt` (unix seconds) are checked
 * when present, so flows of older versions without them stay valid. Unknown fields are refused, not dropped.
 * No I/O.
 *
 * @param input - Anything (typically `JSON.parse` of a message).
 * @returns The flow, typed.
 * @throws {InvalidPreparedFlowError} naming the bad path and rule (`steps[1].data: not hex`).
 *
 * @example
 * ```ts
 * import { parsePreparedFlow, toTransactionRequest } from "@preflow/core";
 *
 * const flow = parsePreparedFlow(JSON.parse(message));
 * for (const step of flow.steps) await wallet.sendTransaction(toTransactionRequest(step));
 * ```
 */
export function parsePreparedFlow(input: unknown): SerializedPreparedFlow {
  const fields = record(input, "(root)", FLOW_FIELDS);
  if (fields.preparedFlow !== true) fail("preparedFlow", "must be true");
  if (fields.chainId !== CHAIN_ID) {
    fail("chainId", `must be ${CHAIN_ID} (got ${JSON.stringify(fields.chainId) ?? "undefined"})`);
  }
  const from = address(fields.from, "from");
  const summary = text(fields.summary, "summary");
  const steps = fields.steps;
  if (!Array.isArray(steps)) fail("steps", `not an array (got ${typeName(steps)})`);
  if (steps.length === 0) fail("steps", "must not be empty");
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary,
    steps: steps.map((step, index) => parseStep(step, index)),
  };
  if (fields.intent !== undefined) flow.intent = parseIntent(fields.intent);
  if (fields.preparedAt !== undefined) {
    const preparedAt = record(fields.preparedAt, "preparedAt", ["blockNumber"]);
    flow.preparedAt = { blockNumber: uint(preparedAt.blockNumber, "preparedAt.blockNumber") };
  }
  if (fields.expiresAt !== undefined) flow.expiresAt = uint(fields.expiresAt, "expiresAt");
  return flow;
}
