import type { Address, Hex } from "viem";
import { decodeCallStrictly } from "../decodeCallStrictly.js";
import type { StepDecoder } from "../definition.js";
import { mentoRouterAbi } from "./abis.js";
import { MENTO_ADDRESSES } from "./addresses.js";

const ROUTER = MENTO_ADDRESSES.router.toLowerCase();

/**
 * The Mento v3 Router at its Celo address: `swapExactTokensForTokens(amountIn, amountOutMin, routes, to,
 * deadline)`. Effects: a known `call`, a `pull` of `amountIn` of the first route's `from` token through the
 * router's allowance, and a `deliver` of the output to `to`. @internal
 */
export const decodeMentoRouter: StepDecoder = (step) => {
  if (step.to.toLowerCase() !== ROUTER) return undefined;
  const call = decodeCallStrictly(mentoRouterAbi, step.data);
  if (call?.functionName !== "swapExactTokensForTokens") return undefined;
  const [amountIn, , routes, to] = call.args as readonly [
    bigint,
    bigint,
    readonly { from: Address }[],
    Address,
  ];
  if (routes.length === 0) return undefined;
  return [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector: step.data.slice(0, 10).toLowerCase() as Hex,
      known: true,
      label: "Mento Router swapExactTokensForTokens",
    },
    { kind: "pull", step: step.index, token: routes[0]!.from, spender: step.to, amount: amountIn },
    { kind: "deliver", step: step.index, to, label: "Mento swap output" },
  ];
};
