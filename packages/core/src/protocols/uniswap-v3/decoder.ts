import type { Address, Hex } from "viem";
import { decodeCallStrictly } from "../decodeCallStrictly.js";
import type { FlowEffect, StepDecoder } from "../definition.js";
import { uniswapMulticallWithoutDeadlineAbi, uniswapSwapRouter02Abi } from "./abis.js";
import { UNISWAP_ADDRESSES } from "./addresses.js";
import { decodeUniswapPath } from "./path.js";

const ROUTER = UNISWAP_ADDRESSES.swapRouter02.toLowerCase();

/** The token and amount one exact-input swap pulls from the caller, or `undefined` for any other call. */
function pullOf(data: Hex): { name: string; token: Address; amount: bigint; recipient: Address } | undefined {
  const call = decodeCallStrictly(uniswapSwapRouter02Abi, data);
  if (call?.functionName === "exactInputSingle") {
    const params = call.args[0] as { tokenIn: Address; amountIn: bigint; recipient: Address };
    return {
      name: call.functionName,
      token: params.tokenIn,
      amount: params.amountIn,
      recipient: params.recipient,
    };
  }
  if (call?.functionName === "exactInput") {
    const params = call.args[0] as { path: Hex; amountIn: bigint; recipient: Address };
    const route = decodeUniswapPath(params.path);
    if (!route) return undefined;
    return {
      name: call.functionName,
      token: route.tokens[0]!,
      amount: params.amountIn,
      recipient: params.recipient,
    };
  }
  return undefined;
}

/**
 * Uniswap SwapRouter02 at its Celo address: `exactInputSingle`, `exactInput`, and `multicall(deadline, data)` /
 * `multicall(data)` whose every inner call is one of those two. Effects: a known `call` and a `pull` of each
 * swap's amount in of its first token through the router's allowance, and a `deliver` of its output to its
 * `recipient`. Any other inner call (sweeps, unwraps,
 * exact-output swaps) leaves the whole step unrecognised (then `allow.contracts` applies). @internal
 */
export const decodeUniswapSwapRouter02: StepDecoder = (step) => {
  if (step.to.toLowerCase() !== ROUTER) return undefined;
  let inner: readonly Hex[] = [step.data];
  let outer = "";
  const withDeadline = decodeCallStrictly(uniswapSwapRouter02Abi, step.data);
  if (withDeadline?.functionName === "multicall") {
    inner = withDeadline.args[1] as readonly Hex[];
    outer = "multicall";
  } else if (!withDeadline) {
    const plain = decodeCallStrictly(uniswapMulticallWithoutDeadlineAbi, step.data);
    if (plain) {
      inner = plain.args[0] as readonly Hex[];
      outer = "multicall";
    }
  }
  if (inner.length === 0 || inner.length > 16) return undefined;
  const pulls = inner.map(pullOf);
  if (pulls.some((pull) => pull === undefined)) return undefined;
  const names = pulls.map((pull) => pull!.name).join(", ");
  const effects: FlowEffect[] = [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector: step.data.slice(0, 10).toLowerCase() as Hex,
      known: true,
      label: `Uniswap SwapRouter02 ${outer ? `${outer}(${names})` : names}`,
    },
  ];
  for (const pull of pulls) {
    effects.push({
      kind: "pull",
      step: step.index,
      token: pull!.token,
      spender: step.to,
      amount: pull!.amount,
    });
    effects.push({ kind: "deliver", step: step.index, to: pull!.recipient, label: "Uniswap swap output" });
  }
  return effects;
};
