import { type Address, encodeFunctionData, type Hex } from "viem";
import type { EncodedSwap, SwapVenueAdapter } from "../../actions/swap/venueAdapter.js";
import { toJsonValue } from "../../flow/toJsonValue.js";
import type { JsonValue } from "../../flow/types.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";
import { defineSwapVenue } from "../swap/defineSwapVenue.js";
import { uniswapQuoterV2Abi, uniswapSwapRouter02Abi } from "./abis.js";
import { UNISWAP_ADDRESSES, UNISWAP_FEE_TIERS } from "./addresses.js";
import { UNISWAP_INTERMEDIATE_TOKENS } from "./intermediateTokens.js";
import { encodeUniswapPath, flattenUniswapRoute, type UniswapRoute } from "./path.js";

/** The label of SwapRouter02 in a step's `call.contract`. */
export const UNISWAP_ROUTER_LABEL = "Uniswap SwapRouter02";

/**
 * Every route the quote considers, in order of preference on equal output (fewer hops, then lower fees): the pair's
 * pool at each fee tier, then each two-hop path through an intermediate token at every pair of tiers. @internal
 */
export function uniswapCandidateRoutes(tokenIn: Address, tokenOut: Address): UniswapRoute[] {
  const routes: UniswapRoute[] = UNISWAP_FEE_TIERS.map((fee) => ({
    tokens: [tokenIn, tokenOut],
    fees: [fee],
  }));
  for (const middle of UNISWAP_INTERMEDIATE_TOKENS) {
    if (middle.address === tokenIn || middle.address === tokenOut) continue;
    for (const first of UNISWAP_FEE_TIERS) {
      for (const second of UNISWAP_FEE_TIERS) {
        routes.push({ tokens: [tokenIn, middle.address, tokenOut], fees: [first, second] });
      }
    }
  }
  return routes;
}

function quoteRead(route: UniswapRoute, amountIn: bigint): ReadCall {
  const callData =
    route.fees.length === 1
      ? encodeFunctionData({
          abi: uniswapQuoterV2Abi,
          functionName: "quoteExactInputSingle",
          args: [
            {
              tokenIn: route.tokens[0]!,
              tokenOut: route.tokens[1]!,
              amountIn,
              fee: route.fees[0]!,
              sqrtPriceLimitX96: 0n,
            },
          ],
        })
      : encodeFunctionData({
          abi: uniswapQuoterV2Abi,
          functionName: "quoteExactInput",
          args: [encodeUniswapPath(route), amountIn],
        });
  return { target: UNISWAP_ADDRESSES.quoterV2, abi: uniswapQuoterV2Abi, callData };
}

/** The quoted output of one route's read (strictly decoded by `readBatch`), or `undefined` when it failed. */
function quotedAmount(result: ReadResult | undefined): bigint | undefined {
  const value = result?.value;
  return Array.isArray(value) && typeof value[0] === "bigint" ? value[0] : undefined;
}

/**
 * Encodes SwapRouter02 `multicall(deadline, [exactInputSingle | exactInput])` for a route, and its decoded `call`:
 * `args` = `[deadline, [{ functionName, args: [params] }]]` (the inner call decoded, bigints as decimal strings).
 * @internal
 */
export function encodeUniswapSwap(
  route: UniswapRoute,
  parameters: { amountIn: bigint; minAmountOut: bigint; recipient: Address; deadline: bigint },
): EncodedSwap {
  const { amountIn, minAmountOut, recipient, deadline } = parameters;
  let inner: Hex;
  let innerCall: { functionName: string; args: JsonValue[] };
  if (route.fees.length === 1) {
    const params = {
      tokenIn: route.tokens[0]!,
      tokenOut: route.tokens[1]!,
      fee: route.fees[0]!,
      recipient,
      amountIn,
      amountOutMinimum: minAmountOut,
      sqrtPriceLimitX96: 0n,
    };
    inner = encodeFunctionData({
      abi: uniswapSwapRouter02Abi,
      functionName: "exactInputSingle",
      args: [params],
    });
    innerCall = { functionName: "exactInputSingle", args: [toJsonValue(params)] };
  } else {
    const params = { path: encodeUniswapPath(route), recipient, amountIn, amountOutMinimum: minAmountOut };
    inner = encodeFunctionData({ abi: uniswapSwapRouter02Abi, functionName: "exactInput", args: [params] });
    innerCall = { functionName: "exactInput", args: [toJsonValue(params)] };
  }
  return {
    to: UNISWAP_ADDRESSES.swapRouter02,
    data: encodeFunctionData({
      abi: uniswapSwapRouter02Abi,
      functionName: "multicall",
      args: [deadline, [inner]],
    }),
    call: {
      contract: UNISWAP_ROUTER_LABEL,
      functionName: "multicall",
      args: [deadline.toString(), [innerCall]],
    },
  };
}

/**
 * Uniswap v3 as a swap venue: quotes the pair's pool at every fee tier and every two-hop path through
 * {@link UNISWAP_INTERMEDIATE_TOKENS} at every pair of tiers (QuoterV2, all in one Multicall3 call), and swaps the
 * best through SwapRouter02 with the deadline in `multicall(deadline, data)`. @internal
 */
export const uniswapVenue: SwapVenueAdapter = /* @__PURE__ */ defineSwapVenue<UniswapRoute>({
  name: "uniswap",
  label: "Uniswap v3",
  router: UNISWAP_ADDRESSES.swapRouter02,
  routerLabel: UNISWAP_ROUTER_LABEL,
  candidateRoutes: uniswapCandidateRoutes,
  quoteRead,
  quotedAmount,
  describe: (route) => ({ route: flattenUniswapRoute(route), fee: [...route.fees] }),
  encode: encodeUniswapSwap,
});
