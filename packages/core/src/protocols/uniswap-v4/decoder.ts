import { type Hex, isAddressEqual, maxUint160, maxUint256, zeroAddress } from "viem";
import { decodeCallStrictly } from "../decodeCallStrictly.js";
import type { FlowEffect, StepDecoder } from "../definition.js";
import { permit2Abi, universalRouterAbi } from "./abis.js";
import { UNISWAP_V4_ADDRESSES } from "./addresses.js";
import { decodeUniswapV4Swap, swapCurrencies } from "./swapInput.js";

const selectorOf = (data: Hex) => data.slice(0, 10).toLowerCase() as Hex;

/**
 * Permit2 at its address: `approve(token, spender, amount, expiration)`. Effects: a known `call` and an `approve` of
 * `amount` of `token` for `spender` **through** Permit2 (the allowance draws on the token's own allowance of
 * Permit2, so a policy counts the spend once). Permit2's `type(uint160).max` never decreases: it is reported as
 * unlimited. @internal
 */
export const decodePermit2Approve: StepDecoder = (step) => {
  if (!isAddressEqual(step.to, UNISWAP_V4_ADDRESSES.permit2) || step.value !== 0n) return undefined;
  const call = decodeCallStrictly(permit2Abi, step.data);
  if (call?.functionName !== "approve") return undefined;
  const [token, spender, amount] = call.args as readonly [Hex, Hex, bigint, number];
  return [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector: selectorOf(step.data),
      known: true,
      label: "Permit2 approve",
    },
    {
      kind: "approve",
      step: step.index,
      token,
      spender,
      amount: amount === maxUint160 ? maxUint256 : amount,
      through: UNISWAP_V4_ADDRESSES.permit2,
    },
  ];
};

/**
 * The UniversalRouter at its address: `execute(commands, inputs, deadline)` carrying one exact-input single-pool v4
 * swap in the shape preflow prepares (`decodeUniswapV4Swap`: `V4_SWAP` with `SWAP_EXACT_IN_SINGLE`, `SETTLE_ALL`,
 * `TAKE_ALL` or `TAKE`, no hooks, ERC-20 currencies, no value). Effects: a known `call`, a `pull` of `amountIn` of
 * the currency sold through the router's (Permit2) allowance, and a `deliver` of the output to its recipient (the
 * signer for `TAKE_ALL`). Any other command list leaves the step unrecognised (then `allow.contracts` applies).
 * @internal
 */
export const decodeUniswapV4UniversalRouter: StepDecoder = (step) => {
  if (!isAddressEqual(step.to, UNISWAP_V4_ADDRESSES.universalRouter) || step.value !== 0n) return undefined;
  const call = decodeCallStrictly(universalRouterAbi, step.data);
  if (call?.functionName !== "execute") return undefined;
  const swap = decodeUniswapV4Swap(call.args[0], call.args[1]);
  if (!swap) return undefined;
  const { currencyIn } = swapCurrencies(swap);
  if (isAddressEqual(currencyIn, zeroAddress)) return undefined;
  const to = swap.recipient ?? step.from;
  const effects: FlowEffect[] = [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector: selectorOf(step.data),
      known: true,
      label: "Uniswap UniversalRouter execute(V4_SWAP exactInputSingle)",
    },
    { kind: "pull", step: step.index, token: currencyIn, spender: step.to, amount: swap.amountIn },
  ];
  if (to !== undefined)
    effects.push({ kind: "deliver", step: step.index, to, label: "Uniswap v4 swap output" });
  return effects;
};
