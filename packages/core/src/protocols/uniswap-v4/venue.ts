import { type Address, encodeFunctionData, isAddressEqual, maxUint128, zeroAddress } from "viem";
import type { EncodedSwap, SwapApprovals, SwapVenueAdapter } from "../../actions/swap/venueAdapter.js";
import { formatAmount } from "../../amounts/formatAmount.js";
import { buildApproveStep } from "../../flow/buildApproveStep.js";
import type { PreparedStep } from "../../flow/types.js";
import type { ReadResult } from "../../rpc/readBatch.js";
import { allowanceCall, expectUint } from "../../tokens/erc20Reads.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { defineSwapVenue } from "../swap/defineSwapVenue.js";
import { permit2Abi, universalRouterAbi } from "./abis.js";
import { UNISWAP_V4_ADDRESSES, UNISWAP_V4_POOL_TIERS } from "./addresses.js";
import { uniswapV4QuoterAbi } from "./quoterAbi.js";
import { encodeUniswapV4Swap, type UniswapV4PoolKey } from "./swapInput.js";

/** The label of the UniversalRouter in a step's `call.contract` and descriptions. */
export const UNISWAP_V4_ROUTER_LABEL = "Uniswap UniversalRouter";
/** The label of Permit2 in a step's `call.contract` and descriptions. */
export const PERMIT2_LABEL = "Permit2";

/** A v4 route: one hookless pool of the pair. @internal */
export interface UniswapV4Route {
  tokenIn: Address;
  tokenOut: Address;
  poolKey: UniswapV4PoolKey;
  zeroForOne: boolean;
}

/**
 * The routes the quote considers, in order of preference on equal output (lower fee first): the pair's hookless
 * pool at each of {@link UNISWAP_V4_POOL_TIERS}. None when `amountIn` does not fit v4's 128-bit amounts. @internal
 */
export function uniswapV4CandidateRoutes(
  tokenIn: Address,
  tokenOut: Address,
  amountIn: bigint,
): UniswapV4Route[] {
  if (amountIn > maxUint128) return [];
  const zeroForOne = BigInt(tokenIn) < BigInt(tokenOut);
  const [currency0, currency1] = zeroForOne ? [tokenIn, tokenOut] : [tokenOut, tokenIn];
  return UNISWAP_V4_POOL_TIERS.map(([fee, tickSpacing]) => ({
    tokenIn,
    tokenOut,
    zeroForOne,
    poolKey: { currency0, currency1, fee, tickSpacing, hooks: zeroAddress },
  }));
}

/**
 * Encodes the UniversalRouter's `execute(commands, inputs, deadline)` for a route (`V4_SWAP`: the swap, `SETTLE_ALL`
 * of `amountIn` through Permit2, then `TAKE_ALL` to the caller, or `TAKE` to another `recipient`), and its decoded
 * `call`: `args` = `[commands, inputs, deadline]` (hex, decimal string). @internal
 */
export function encodeUniswapV4RouterSwap(
  route: UniswapV4Route,
  parameters: { amountIn: bigint; minAmountOut: bigint; recipient: Address; deadline: bigint; from: Address },
): EncodedSwap {
  const { amountIn, minAmountOut, recipient, deadline, from } = parameters;
  const { commands, inputs } = encodeUniswapV4Swap({
    poolKey: route.poolKey,
    zeroForOne: route.zeroForOne,
    amountIn,
    minAmountOut,
    recipient: isAddressEqual(recipient, from) ? undefined : recipient,
  });
  return {
    to: UNISWAP_V4_ADDRESSES.universalRouter,
    data: encodeFunctionData({
      abi: universalRouterAbi,
      functionName: "execute",
      args: [commands, inputs, deadline],
    }),
    call: {
      contract: UNISWAP_V4_ROUTER_LABEL,
      functionName: "execute",
      args: [commands, inputs, deadline.toString()],
    },
  };
}

/**
 * The `approve(token, router, amount, expiration)` step of Permit2: the UniversalRouter may pull exactly `amount`
 * of `token` through Permit2 until `expiration` (the swap's deadline), once. @internal
 */
export function buildPermit2ApproveStep(parameters: {
  token: TokenInfo;
  amount: bigint;
  expiration: bigint;
  tag: (data: `0x${string}`) => `0x${string}`;
}): PreparedStep {
  const { token, amount, expiration, tag } = parameters;
  const router = UNISWAP_V4_ADDRESSES.universalRouter;
  const args = [token.address, router, amount, Number(expiration)] as const;
  return {
    kind: "contract",
    to: UNISWAP_V4_ADDRESSES.permit2,
    data: tag(encodeFunctionData({ abi: permit2Abi, functionName: "approve", args })),
    value: "0",
    description: `Allow ${UNISWAP_V4_ROUTER_LABEL} to pull exactly ${formatAmount(amount, token.decimals)} ${token.symbol} through ${PERMIT2_LABEL}, once, until ${expiration} (${new Date(Number(expiration) * 1000).toISOString()})`,
    call: {
      contract: PERMIT2_LABEL,
      functionName: "approve",
      args: [token.address, router, amount.toString(), expiration.toString()],
    },
  };
}

/**
 * The approvals of a v4 swap, exact and bound to the flow: the token's `approve` of exactly `amountIn` to Permit2
 * only when its allowance to Permit2 is short (read with the quotes), then always Permit2's `approve` of exactly
 * `amountIn` for the UniversalRouter, expiring at the swap's deadline (never unlimited; the swap uses all of it).
 * @internal
 */
export function uniswapV4Approvals(parameters: {
  from: Address;
  tokenIn: TokenInfo;
  amountIn: bigint;
  tag: (data: `0x${string}`) => `0x${string}`;
}): SwapApprovals {
  const { from, tokenIn, amountIn, tag } = parameters;
  return {
    reads: [allowanceCall(tokenIn, from, UNISWAP_V4_ADDRESSES.permit2)],
    steps(results: readonly ReadResult[] | undefined, deadline: bigint): PreparedStep[] {
      const short = results === undefined || expectUint(results[0], tokenIn, "allowance") < amountIn;
      const steps: PreparedStep[] = [];
      if (short) {
        steps.push(
          buildApproveStep({
            token: tokenIn,
            spender: UNISWAP_V4_ADDRESSES.permit2,
            amount: amountIn,
            tag,
            spenderLabel: PERMIT2_LABEL,
          }),
        );
      }
      steps.push(buildPermit2ApproveStep({ token: tokenIn, amount: amountIn, expiration: deadline, tag }));
      return steps;
    },
  };
}

/**
 * Uniswap v4 as a swap venue: quotes the pair's hookless pool at every tier of {@link UNISWAP_V4_POOL_TIERS} with
 * V4Quoter (in the same Multicall3 call as every other venue), and swaps the best through the UniversalRouter
 * (`V4_SWAP`), paid through Permit2 with exact approvals. @internal
 */
export const uniswapV4Venue: SwapVenueAdapter = /* @__PURE__ */ defineSwapVenue<UniswapV4Route>({
  name: "uniswap-v4",
  label: "Uniswap v4",
  router: UNISWAP_V4_ADDRESSES.universalRouter,
  routerLabel: UNISWAP_V4_ROUTER_LABEL,
  candidateRoutes: uniswapV4CandidateRoutes,
  quoteRead: (route, amountIn) => ({
    target: UNISWAP_V4_ADDRESSES.v4Quoter,
    abi: uniswapV4QuoterAbi,
    callData: encodeFunctionData({
      abi: uniswapV4QuoterAbi,
      functionName: "quoteExactInputSingle",
      args: [{ poolKey: route.poolKey, zeroForOne: route.zeroForOne, exactAmount: amountIn, hookData: "0x" }],
    }),
  }),
  quotedAmount(result) {
    const value = result?.value;
    return Array.isArray(value) && typeof value[0] === "bigint" ? value[0] : undefined;
  },
  describe: (route) => ({
    route: [route.tokenIn, route.poolKey.fee, route.tokenOut],
    fee: [route.poolKey.fee],
  }),
  encode: encodeUniswapV4RouterSwap,
  approvals: uniswapV4Approvals,
});
