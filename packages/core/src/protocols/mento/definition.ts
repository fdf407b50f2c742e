import type { JsonValue } from "../../flow/stepTypes.js";
import { type DecodedCall, defineProtocol, type SwapCallFields } from "../definition.js";
import { mentoRouterAbi } from "./abis.js";
import { MENTO_ROUTER_ADDRESS } from "./addresses.js";
import { decodeMentoRouter } from "./decoder.js";
import { mentoErrors } from "./errors.js";

/** The label of the Mento Router in a step's `call.contract` and in previews. */
export const MENTO_ROUTER_LABEL = "Mento Router";

/** The swap a Mento Router call makes: `swapExactTokensForTokens(amountIn, min, routes, to, deadline)`. @internal */
export function readMentoSwap(call: DecodedCall): SwapCallFields | string {
  if (call.functionName !== "swapExactTokensForTokens") return `its last step calls ${call.functionName}`;
  const [amountIn, minAmountOut, routes, recipient, deadline] = call.args;
  const hops = (Array.isArray(routes) ? routes : []) as Record<string, JsonValue>[];
  return { tokenIn: hops[0]?.from, tokenOut: hops.at(-1)?.to, amountIn, minAmountOut, recipient, deadline };
}

/**
 * Mento v3 on chain 42220: the Router (read back: `swapExactTokensForTokens`, `getAmountsOut`), the swap venue
 * `"mento"`, the Router's and FPMM pools' custom errors, and the policy decoder of router swaps.
 *
 * @example
 * ```ts
 * import { mentoProtocol } from "@preflow/core";
 * mentoProtocol.contracts?.[0]?.label; // "Mento Router"
 * ```
 */
export const mentoProtocol = /* @__PURE__ */ defineProtocol({
  id: "mento",
  label: "Mento",
  contracts: [{ address: MENTO_ROUTER_ADDRESS, label: MENTO_ROUTER_LABEL, abi: mentoRouterAbi }],
  errors: mentoErrors,
  decoders: [decodeMentoRouter],
  swapVenue: {
    venue: "mento",
    label: "Mento",
    description: "Mento v3 (its Router over FPMM pools; the pair's pool or through USDm)",
    readSwap: readMentoSwap,
  },
});
