import type { Address } from "viem";
import type { JsonValue } from "../../flow/stepTypes.js";
import { type DecodedCall, defineProtocol, type SwapCallFields } from "../definition.js";
import { permit2Abi, universalRouterAbi } from "./abis.js";
import { PERMIT2_ADDRESS, UNISWAP_V4_UNIVERSAL_ROUTER_ADDRESS } from "./addresses.js";
import { decodePermit2Approve, decodeUniswapV4UniversalRouter } from "./decoder.js";
import { uniswapV4Errors } from "./errors.js";
import { decodeUniswapV4Swap, swapCurrencies } from "./swapInput.js";

/** The label of the UniversalRouter in a step's `call.contract` and in previews. */
export const UNISWAP_V4_UNIVERSAL_ROUTER_LABEL = "Uniswap UniversalRouter";

/**
 * The swap a UniversalRouter call makes, as preflow prepares it: `execute(commands, inputs, deadline)` with one
 * `V4_SWAP` of one exact-input single-pool swap (`decodeUniswapV4Swap`); its output goes to `from` (`TAKE_ALL`, the
 * router's caller) or to the `TAKE` recipient. @internal
 */
export function readUniswapV4Swap(call: DecodedCall, context?: { from: Address }): SwapCallFields | string {
  if (call.functionName !== "execute") return `its last step calls ${call.functionName}`;
  const [commands, inputs, deadline] = call.args as JsonValue[];
  const swap = decodeUniswapV4Swap(commands, inputs);
  if (!swap) return "the router call is not one exact-input v4 swap";
  const { currencyIn, currencyOut } = swapCurrencies(swap);
  return {
    tokenIn: currencyIn,
    tokenOut: currencyOut,
    amountIn: swap.amountIn.toString(),
    minAmountOut: swap.minAmountOut.toString(),
    recipient: swap.recipient ?? context?.from,
    deadline,
  };
}

/**
 * Uniswap v4 on chain 42220: the UniversalRouter (read back: `execute`) and Permit2 (read back: `approve`), the
 * swap venue `"uniswap-v4"` (quotes through V4Quoter, swaps through the UniversalRouter's `V4_SWAP` paid through
 * Permit2 with exact approvals), its custom errors, and the policy decoders of router swaps and Permit2 approvals.
 *
 * @example
 * ```ts
 * import { uniswapV4Protocol } from "@preflow/core";
 * uniswapV4Protocol.swapVenue?.venue; // "uniswap-v4"
 * ```
 */
export const uniswapV4Protocol = /* @__PURE__ */ defineProtocol({
  id: "uniswap-v4",
  label: "Uniswap v4",
  contracts: [
    {
      address: UNISWAP_V4_UNIVERSAL_ROUTER_ADDRESS,
      label: UNISWAP_V4_UNIVERSAL_ROUTER_LABEL,
      abi: universalRouterAbi,
    },
    { address: PERMIT2_ADDRESS, label: "Permit2", abi: [permit2Abi[0]] },
  ],
  errors: uniswapV4Errors,
  decoders: [decodePermit2Approve, decodeUniswapV4UniversalRouter],
  swapVenue: {
    venue: "uniswap-v4",
    label: "Uniswap v4",
    description:
      "Uniswap v4 (V4Quoter, and the UniversalRouter paid through Permit2 with exact approvals; hookless pools at fee tiers 100/500/3000/10000)",
    readSwap: readUniswapV4Swap,
  },
});
