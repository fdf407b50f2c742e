import { type Abi, decodeFunctionData, erc20Abi, type Hex } from "viem";
import { aaveV3PoolAbi } from "../protocols/aave/abis.js";
import type { CheckedStep, DecodedCall } from "../protocols/definition.js";
import { mentoRouterAbi } from "../protocols/mento/abis.js";
import { PROTOCOLS } from "../protocols/registry.js";
import { uniswapSwapRouter02Abi } from "../protocols/uniswap/abis.js";
import { decodeUniswapPath } from "../protocols/uniswap/path.js";
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

/** The functions preflow can read back from calldata: ERC-20, Uniswap SwapRouter02, the Mento Router, the Aave v3 Pool. */
const KNOWN_ABI = [...erc20Abi, ...uniswapSwapRouter02Abi, ...mentoRouterAbi, ...aaveV3PoolAbi] as Abi;

/**
 * Decodes `data` with the known ABIs; `undefined` when the selector is not one of them or the data is malformed.
 * A multicall's inner calls are decoded too (`{ functionName, args }` each), as `prepare*` describes them. @internal
 */
export function decodeKnownCall(data: Hex): DecodedCall | undefined {
  try {
    const { functionName, args = [] } = decodeFunctionData({ abi: KNOWN_ABI, data });
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

const lower = (value: string | undefined) => value?.toLowerCase();

/**
 * Compares a flow's self-description with what its calldata does, where preflow can read the calldata back
 * (ERC-20 `transfer`/`approve`/`transferFrom`, Uniswap SwapRouter02, the Mento Router, the Aave v3 Pool):
 *
 * - every step's `call` must name the decoded function with the same arguments;
 * - the `intent` must be carried out by a step: a send by a `transfer` of that amount to that address (or, for
 *   CELO, native value), an approval by that `approve`, a swap by the router call with that amount in, minimum
 *   out, recipient, tokens and deadline, a lending operation by the Pool call with that asset, amount and account.
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
  const registered = INTENT_KIND_DEFINITIONS.get(intent.kind);
  if (registered !== undefined) {
    const checked: CheckedStep[] = flow.steps.map((step, index) => ({
      index,
      to: step.to,
      value: step.value,
      data: step.data,
      call: step.call,
      decoded: decoded[index],
    }));
    return registered.check(intent, {
      from: flow.from,
      steps: checked,
      action: checked[checked.length - 1]!,
      same,
      show,
      protocols: PROTOCOLS,
    });
  }
  const from = flow.from.toLowerCase();
  const steps = flow.steps;
  switch (intent.kind) {
    case "contractCall": {
      const target = steps.findIndex((step) => lower(step.to) === lower(intent.to));
      if (target === -1) return `says a call to ${intent.to}, but no step calls it`;
      const actual = decoded[target];
      if (actual !== undefined && actual.functionName !== intent.functionName)
        return `says ${intent.functionName} on ${intent.to}, but the calldata calls ${actual.functionName}`;
      return undefined;
    }
    case "swap":
      return swapProblem(intent, from, flow, decoded);
    case "supply":
    case "withdraw":
    case "borrow":
    case "repay": {
      const pool = steps.findIndex((_, index) => decoded[index] !== undefined && isPoolCall(decoded[index]!));
      const actual = pool === -1 ? undefined : decoded[pool]!;
      if (actual === undefined || actual.functionName !== intent.kind)
        return `says an Aave ${intent.kind}, but no step calls the Pool's ${intent.kind}`;
      const [asset, amount] = actual.args;
      // The account: supply's onBehalfOf (2), withdraw's to (2), borrow's onBehalfOf (4), repay's onBehalfOf (3).
      const account = actual.args[{ supply: 2, withdraw: 2, borrow: 4, repay: 3 }[intent.kind]];
      if (!same(asset, intent.token) || !same(amount, intent.amount) || !same(account, from))
        return `says ${intent.kind} ${intent.amount} of ${intent.token} for ${flow.from}, but the calldata is ${show(actual)}`;
      return undefined;
    }
    default:
      return undefined;
  }
}

function isPoolCall(call: DecodedCall): boolean {
  return ["supply", "withdraw", "borrow", "repay"].includes(call.functionName);
}

function swapProblem(
  intent: Extract<FlowIntent, { kind: "swap" }>,
  from: string,
  flow: SerializedPreparedFlow,
  decoded: (DecodedCall | undefined)[],
): string | undefined {
  const recipient = intent.recipient ?? from;
  const last = flow.steps.length - 1;
  const swap = decoded[last];
  const says = `says a swap of ${intent.amountIn} ${intent.tokenIn} for at least ${intent.minAmountOut} ${intent.tokenOut} to ${recipient} by ${intent.deadline}`;
  if (swap === undefined) return `${says}, but its last step is not a known router call`;
  let actual: {
    tokenIn?: JsonValue;
    tokenOut?: JsonValue;
    amountIn?: JsonValue;
    min?: JsonValue;
    to?: JsonValue;
    deadline?: JsonValue;
  };
  if (swap.functionName === "multicall") {
    const inner = (swap.args[1] as unknown as DecodedCall[])[0];
    const params = (inner?.args[0] ?? {}) as Record<string, JsonValue>;
    let tokenIn = params.tokenIn;
    let tokenOut = params.tokenOut;
    if (inner?.functionName === "exactInput") {
      const route = decodeUniswapPath(params.path);
      tokenIn = route?.tokens[0];
      tokenOut = route?.tokens.at(-1);
    }
    actual = {
      tokenIn,
      tokenOut,
      amountIn: params.amountIn,
      min: params.amountOutMinimum,
      to: params.recipient,
      deadline: swap.args[0],
    };
    if ((swap.args[1] as unknown as DecodedCall[]).length !== 1)
      return `${says}, but the router multicall is not one swap`;
  } else if (swap.functionName === "swapExactTokensForTokens") {
    const [amountIn, min, routes, to, deadline] = swap.args;
    const hops = (Array.isArray(routes) ? routes : []) as Record<string, JsonValue>[];
    actual = { tokenIn: hops[0]?.from, tokenOut: hops.at(-1)?.to, amountIn, min, to, deadline };
  } else {
    return `${says}, but its last step calls ${swap.functionName}`;
  }
  const ok =
    same(actual.tokenIn, intent.tokenIn) &&
    same(actual.tokenOut, intent.tokenOut) &&
    same(actual.amountIn, intent.amountIn) &&
    same(actual.min, intent.minAmountOut) &&
    same(actual.to, recipient) &&
    same(actual.deadline, intent.deadline);
  return ok ? undefined : `${says}, but the calldata is ${show(swap)}`;
}
