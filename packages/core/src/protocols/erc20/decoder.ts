import { wordAsAddress, wordAsUint } from "../calldataWords.js";
import type { StepDecoder } from "../definition.js";

/** `transfer(address to, uint256 amount)`: exactly selector + 2 words. @internal */
export const decodeErc20Transfer: StepDecoder = (step) => {
  if (!step.data.toLowerCase().startsWith("0xa9059cbb") || step.data.length !== 10 + 2 * 64) return undefined;
  const to = wordAsAddress(step.data, 0);
  const amount = wordAsUint(step.data, 1);
  if (to === undefined || amount === undefined) return undefined;
  return [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector: "0xa9059cbb",
      known: true,
      label: "ERC-20 transfer",
    },
    { kind: "transfer", step: step.index, token: step.to, to, amount },
  ];
};

/** `approve(address spender, uint256 amount)`: exactly selector + 2 words. @internal */
export const decodeErc20Approve: StepDecoder = (step) => {
  if (!step.data.toLowerCase().startsWith("0x095ea7b3") || step.data.length !== 10 + 2 * 64) return undefined;
  const spender = wordAsAddress(step.data, 0);
  const amount = wordAsUint(step.data, 1);
  if (spender === undefined || amount === undefined) return undefined;
  return [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector: "0x095ea7b3",
      known: true,
      label: "ERC-20 approve",
    },
    { kind: "approve", step: step.index, token: step.to, spender, amount },
  ];
};
