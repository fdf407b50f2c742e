import { wordAsAddress, wordAsUint } from "../calldataWords.js";
import type { FlowEffect, StepDecoder } from "../definition.js";
import { AAVE_V3_ADDRESSES } from "./addresses.js";

/** The Pool functions of a lending flow: selector → name, argument words, and the word of whose position it is. */
const POOL_CALLS: Readonly<
  Record<string, { name: "supply" | "withdraw" | "borrow" | "repay"; words: number; beneficiary: number }>
> = {
  // supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)
  "0x617ba037": { name: "supply", words: 4, beneficiary: 2 },
  // withdraw(address asset, uint256 amount, address to)
  "0x69328dec": { name: "withdraw", words: 3, beneficiary: 2 },
  // borrow(address asset, uint256 amount, uint256 interestRateMode, uint16 referralCode, address onBehalfOf)
  "0xa415bcad": { name: "borrow", words: 5, beneficiary: 4 },
  // repay(address asset, uint256 amount, uint256 interestRateMode, address onBehalfOf)
  "0x573ade81": { name: "repay", words: 4, beneficiary: 3 },
};

/** 2^256 − 1: Aave's "everything" (withdraw all, repay the whole debt). */
const EVERYTHING = 2n ** 256n - 1n;

/**
 * Aave v3 Pool `supply`, `withdraw`, `borrow`, `repay` (what `client.aave` prepares), to the market's Pool only,
 * exactly selector + its words, and only when the position is the flow's own: `onBehalfOf` (supply, borrow,
 * repay) or `to` (withdraw) is the flow's `from`. Anything else stays an unknown call (so `allow.contracts`
 * applies). Effects:
 * - supply: a `pull` of `amount` of the asset by the Pool (counted once with the approval it uses);
 * - repay: the same, except `type(uint256).max` (the whole debt), which the Pool pulls up to the approval: the
 *   approval in the flow (or given earlier) is what it spends;
 * - withdraw, borrow: tokens come to the signer; nothing is spent. @internal
 */
export const decodeAaveV3Pool: StepDecoder = (step) => {
  if (step.to.toLowerCase() !== AAVE_V3_ADDRESSES.pool.toLowerCase() || step.from === undefined)
    return undefined;
  const call = POOL_CALLS[step.data.slice(0, 10).toLowerCase()];
  if (!call || step.data.length !== 10 + call.words * 64) return undefined;
  const asset = wordAsAddress(step.data, 0);
  const amount = wordAsUint(step.data, 1);
  const beneficiary = wordAsAddress(step.data, call.beneficiary);
  if (asset === undefined || amount === undefined || beneficiary === undefined) return undefined;
  if (beneficiary.toLowerCase() !== step.from.toLowerCase()) return undefined;
  if (call.name === "borrow" || call.name === "repay") {
    const mode = wordAsUint(step.data, 2);
    if (mode !== 2n) return undefined; // variable rate only (stable borrowing is gone from Aave v3.2+)
  }
  if (call.name === "supply" || call.name === "borrow") {
    const referral = wordAsUint(step.data, 3);
    if (referral === undefined || referral >= 2n ** 16n) return undefined;
  }
  const effects: FlowEffect[] = [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector: step.data.slice(0, 10).toLowerCase() as `0x${string}`,
      known: true,
      label: `Aave v3 ${call.name}`,
    },
  ];
  if (call.name === "supply" || (call.name === "repay" && amount !== EVERYTHING)) {
    effects.push({ kind: "pull", step: step.index, token: asset, spender: step.to, amount });
  }
  return effects;
};
