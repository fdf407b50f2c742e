import type { Address, Hex } from "viem";
import { wordAsAddress, wordAsUint } from "../calldataWords.js";
import type { DecodableStep, FlowEffect, StepDecoder } from "../definition.js";

/**
 * A decoder of `name(address, uint256)` at `selector`: exactly selector + 2 words, read as the call (`label`) and
 * the effect `effect` makes of the token (`step.to`), the address and the amount.
 */
function decodeAddressAmountCall(
  selector: Hex,
  label: string,
  effect: (step: DecodableStep, address: Address, amount: bigint) => FlowEffect,
): StepDecoder {
  return (step) => {
    if (!step.data.toLowerCase().startsWith(selector) || step.data.length !== 10 + 2 * 64) return undefined;
    const address = wordAsAddress(step.data, 0);
    const amount = wordAsUint(step.data, 1);
    if (address === undefined || amount === undefined) return undefined;
    const call: FlowEffect = { kind: "call", step: step.index, to: step.to, selector, known: true, label };
    return [call, effect(step, address, amount)];
  };
}

/** `transfer(address to, uint256 amount)`: exactly selector + 2 words. @internal */
export const decodeErc20Transfer: StepDecoder = decodeAddressAmountCall(
  "0xa9059cbb",
  "ERC-20 transfer",
  (step, to, amount) => ({ kind: "transfer", step: step.index, token: step.to, to, amount }),
);

/** `approve(address spender, uint256 amount)`: exactly selector + 2 words. @internal */
export const decodeErc20Approve: StepDecoder = decodeAddressAmountCall(
  "0x095ea7b3",
  "ERC-20 approve",
  (step, spender, amount) => ({ kind: "approve", step: step.index, token: step.to, spender, amount }),
);
