import type { Address, Hex } from "viem";

/**
 * What a step does that the spending policy looks at. Decoders turn a step into effects; a step no decoder
 * recognises is an unknown `call`.
 * - `transfer`: an ERC-20 `transfer` of `token` to `to`;
 * - `native`: CELO sent as the step's value to `to`;
 * - `approve`: an allowance of `amount` of `token` for `spender`;
 * - `pull`: a recognised call that spends `amount` of `token` through the allowance of `spender` (a swap's
 *   amount in, a supply or repay), counted once with the approval it uses;
 * - `call`: a call of a contract; `known` when a decoder recognised it (then allow.contracts does not apply).
 */
export type FlowEffect =
  | { kind: "transfer"; step: number; token: Address; to: Address; amount: bigint }
  | { kind: "native"; step: number; to: Address; amount: bigint }
  | { kind: "approve"; step: number; token: Address; spender: Address; amount: bigint }
  | { kind: "pull"; step: number; token: Address; spender: Address; amount: bigint }
  | { kind: "call"; step: number; to: Address; selector: Hex; known: boolean; label?: string };

/** A step as decoders see it: calldata without its attribution suffix. */
export interface DecodableStep {
  index: number;
  to: Address;
  /** The calldata with any ERC-8021 suffix removed. */
  data: Hex;
  value: bigint;
}

/**
 * A decoder of one kind of call. Returns the step's effects when it recognises the call (the `call` effect
 * included, with `known: true`), `undefined` when the call is not its kind. Never throws on garbage and
 * never accepts calldata of a wrong length.
 */
export type StepDecoder = (step: DecodableStep) => FlowEffect[] | undefined;

/** Reads the 32-byte word at `offset` (bytes after the selector) as an address, if it is one. */
export function wordAsAddress(data: Hex, word: number): Address | undefined {
  const hex = data.slice(10 + word * 64, 10 + (word + 1) * 64);
  if (hex.length !== 64 || !/^0{24}[0-9a-fA-F]{40}$/.test(hex)) return undefined;
  return `0x${hex.slice(24)}` as Address;
}

/** Reads the 32-byte word at `word` as an unsigned integer. */
export function wordAsUint(data: Hex, word: number): bigint | undefined {
  const hex = data.slice(10 + word * 64, 10 + (word + 1) * 64);
  if (hex.length !== 64 || !/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  return BigInt(`0x${hex}`);
}
