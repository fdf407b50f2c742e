import { type Address, encodeFunctionData, zeroAddress } from "viem";
import type { EncodedSwap, SwapVenueAdapter } from "../../actions/swap/venueAdapter.js";
import { toJsonValue } from "../../flow/toJsonValue.js";
import { TOKENS } from "../../tokens/registry.js";
import { defineSwapVenue } from "../swap/defineSwapVenue.js";
import { mentoRouterAbi } from "./abis.js";
import { MENTO_ADDRESSES } from "./addresses.js";

/**
 * One hop of a Mento route: sell `from` for `to` in their FPMM pool of `factory` (zero: the router's default
 * factory, which is what preflow uses).
 *
 * @example
 * ```ts
 * import { TOKENS, type MentoRouteHop } from "@preflow/core";
 * const hop: MentoRouteHop = { from: TOKENS.USDC.address, to: TOKENS.USDm.address, factory: "0x0000000000000000000000000000000000000000" };
 * ```
 */
export interface MentoRouteHop {
  from: Address;
  to: Address;
  factory: Address;
}

/** The label of the Mento Router in a step's `call.contract`. */
export const MENTO_ROUTER_LABEL = "Mento Router";

/**
 * The routes the quote considers, in order of preference on equal output: the pair's pool, then through USDm (the
 * hub of Mento's pools) when neither token is USDm. @internal
 */
export function mentoCandidateRoutes(tokenIn: Address, tokenOut: Address): MentoRouteHop[][] {
  const hop = (from: Address, to: Address): MentoRouteHop => ({ from, to, factory: zeroAddress });
  const routes = [[hop(tokenIn, tokenOut)]];
  const hub = TOKENS.USDm.address;
  if (tokenIn !== hub && tokenOut !== hub) routes.push([hop(tokenIn, hub), hop(hub, tokenOut)]);
  return routes;
}

/** Encodes the Router's `swapExactTokensForTokens` for a route, and its decoded `call`. @internal */
export function encodeMentoSwap(
  route: readonly MentoRouteHop[],
  parameters: { amountIn: bigint; minAmountOut: bigint; recipient: Address; deadline: bigint },
): EncodedSwap {
  const { amountIn, minAmountOut, recipient, deadline } = parameters;
  const args = [amountIn, minAmountOut, route, recipient, deadline] as const;
  return {
    to: MENTO_ADDRESSES.router,
    data: encodeFunctionData({ abi: mentoRouterAbi, functionName: "swapExactTokensForTokens", args }),
    call: {
      contract: MENTO_ROUTER_LABEL,
      functionName: "swapExactTokensForTokens",
      args: args.map((arg) => toJsonValue(arg)),
    },
  };
}

/**
 * Mento v3 as a swap venue: quotes the pair's FPMM pool and the path through USDm with the Router's
 * `getAmountsOut` (in one Multicall3 call), and swaps the best with `swapExactTokensForTokens`. @internal
 */
export const mentoVenue: SwapVenueAdapter = /* @__PURE__ */ defineSwapVenue<MentoRouteHop[]>({
  name: "mento",
  label: "Mento",
  router: MENTO_ADDRESSES.router,
  routerLabel: MENTO_ROUTER_LABEL,
  candidateRoutes: mentoCandidateRoutes,
  quoteRead: (route, amountIn) => ({
    target: MENTO_ADDRESSES.router,
    abi: mentoRouterAbi,
    callData: encodeFunctionData({
      abi: mentoRouterAbi,
      functionName: "getAmountsOut",
      args: [amountIn, route],
    }),
  }),
  // The last amount of the route's `getAmountsOut`.
  quotedAmount(result, route) {
    const amounts = result?.value;
    if (!Array.isArray(amounts) || amounts.length !== route.length + 1) return undefined;
    const last = amounts[route.length];
    return typeof last === "bigint" ? last : undefined;
  },
  describe: (route) => ({ route: [route[0]!.from, ...route.map((hop) => hop.to)], fee: null }),
  encode: encodeMentoSwap,
});
