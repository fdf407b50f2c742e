import type { Hex } from "viem";
import { wordAsAddress, wordAsUint } from "../calldataWords.js";
import type { FlowEffect, StepDecoder } from "../definition.js";
import { GOODDOLLAR_ADDRESSES, GOODDOLLAR_CUSD_EXCHANGE_ID } from "./addresses.js";

const UBI = GOODDOLLAR_ADDRESSES.ubiScheme.toLowerCase();
const BROKER = GOODDOLLAR_ADDRESSES.broker.toLowerCase();
const PROVIDER = GOODDOLLAR_ADDRESSES.exchangeProvider.toLowerCase();
/** `claim()` */
const CLAIM = "0x4e71d92d";
/** `swapIn(address,bytes32,address,address,uint256,uint256)` */
const SWAP_IN = "0xddbbe850";

/**
 * GoodDollar's calls as the spending policy reads them, exactly selector + words, to their Celo addresses only:
 * - UBIScheme `claim()`: a known call that spends nothing (the UBI comes to the signer);
 * - Broker `swapIn(exchangeProvider, exchangeId, tokenIn, tokenOut, amountIn, amountOutMin)` on the reserve's
 *   G$/USDm exchange: a known call, a `pull` of `amountIn` of `tokenIn` by the Broker, and the output delivered to
 *   the signer (the Broker pays `msg.sender`).
 * Anything else stays an unknown call. Never throws on garbage. @internal
 */
export const decodeGoodDollarCall: StepDecoder = (step) => {
  const to = step.to.toLowerCase();
  const selector = step.data.slice(0, 10).toLowerCase() as Hex;
  if (to === UBI && selector === CLAIM && step.data.length === 10) {
    return [
      { kind: "call", step: step.index, to: step.to, selector, known: true, label: "GoodDollar UBI claim" },
    ];
  }
  if (to !== BROKER || selector !== SWAP_IN || step.data.length !== 10 + 6 * 64) return undefined;
  const provider = wordAsAddress(step.data, 0);
  const exchangeId = `0x${step.data.slice(10 + 64, 10 + 128)}`.toLowerCase();
  const tokenIn = wordAsAddress(step.data, 2);
  const tokenOut = wordAsAddress(step.data, 3);
  const amountIn = wordAsUint(step.data, 4);
  const minOut = wordAsUint(step.data, 5);
  if (!provider || !tokenIn || !tokenOut || amountIn === undefined || minOut === undefined) return undefined;
  if (provider.toLowerCase() !== PROVIDER || exchangeId !== GOODDOLLAR_CUSD_EXCHANGE_ID) return undefined;
  const effects: FlowEffect[] = [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector,
      known: true,
      label: "GoodDollar reserve swapIn",
    },
    { kind: "pull", step: step.index, token: tokenIn, spender: step.to, amount: amountIn },
  ];
  if (step.from !== undefined)
    effects.push({
      kind: "deliver",
      step: step.index,
      to: step.from,
      label: "GoodDollar reserve swap output",
    });
  return effects;
};
