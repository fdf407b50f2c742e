import type { JsonValue } from "../../flow/stepTypes.js";
import { type DecodedCall, defineProtocol, type SwapCallFields } from "../definition.js";
import { uniswapSwapRouter02Abi } from "./abis.js";
import { UNISWAP_SWAP_ROUTER02_ADDRESS } from "./addresses.js";
import { decodeUniswapSwapRouter02 } from "./decoder.js";
import { uniswapErrors } from "./errors.js";
import { decodeUniswapPath } from "./path.js";

/** The label of SwapRouter02 in a step's `call.contract` and in previews. */
export const UNISWAP_SWAP_ROUTER_LABEL = "Uniswap SwapRouter02";

/**
 * The swap a SwapRouter02 call makes, as preflow prepares it: `multicall(deadline, [exactInputSingle |
 * exactInput])` with exactly one inner swap. @internal
 */
export function readUniswapSwap(call: DecodedCall): SwapCallFields | string {
  if (call.functionName !== "multicall") return `its last step calls ${call.functionName}`;
  const inner = call.args[1] as unknown as DecodedCall[];
  if (!Array.isArray(inner) || inner.length !== 1) return "the router multicall is not one swap";
  const swap = inner[0]!;
  const params = (swap.args[0] ?? {}) as Record<string, JsonValue>;
  let tokenIn = params.tokenIn;
  let tokenOut = params.tokenOut;
  if (swap.functionName === "exactInput") {
    const route = decodeUniswapPath(params.path);
    tokenIn = route?.tokens[0];
    tokenOut = route?.tokens.at(-1);
  }
  return {
    tokenIn,
    tokenOut,
    amountIn: params.amountIn,
    minAmountOut: params.amountOutMinimum,
    recipient: params.recipient,
    deadline: call.args[0],
  };
}

/**
 * Uniswap v3 on chain 42220: SwapRouter02 (read back: `multicall`, `exactInputSingle`, `exactInput`), the swap
 * venue `"uniswap"`, its custom errors and short revert strings, and the policy decoder of router swaps.
 *
 * @example
 * ```ts
 * import { uniswapProtocol } from "@preflow/core";
 * uniswapProtocol.swapVenue?.venue; // "uniswap"
 * ```
 */
export const uniswapProtocol = /* @__PURE__ */ defineProtocol({
  id: "uniswap",
  label: "Uniswap",
  contracts: [
    {
      address: UNISWAP_SWAP_ROUTER02_ADDRESS,
      label: UNISWAP_SWAP_ROUTER_LABEL,
      abi: uniswapSwapRouter02Abi,
    },
  ],
  errors: uniswapErrors,
  decoders: [decodeUniswapSwapRouter02],
  swapVenue: {
    venue: "uniswap",
    label: "Uniswap",
    description: "Uniswap v3 (QuoterV2 and SwapRouter02; fee tiers 100/500/3000/10000, two-hop paths)",
    readSwap: readUniswapSwap,
  },
});
