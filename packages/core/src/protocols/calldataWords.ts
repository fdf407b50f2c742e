import type { Address, Hex } from "viem";

/**
 * Reads the 32-byte word at index `word` (after the 4-byte selector) as an address, if it is one (12 zero
 * bytes, then 20). Never throws.
 *
 * @example
 * ```ts
 * wordAsAddress(data, 0); // the first argument of approve(address,uint256)
 * ```
 *
 */
export function wordAsAddress(data: Hex, word: number): Address | undefined {
  const hex = data.slice(10 + word * 64, 10 + (word + 1) * 64);
  if (hex.length !== 64 || !/^0{24}[0-9a-fA-F]{40}$/.test(hex)) return undefined;
  return `0x${hex.slice(24)}` as Address;
}

/**
 * Reads the 32-byte word at index `word` (after the selector) as an unsigned integer. Never throws.
 *
 * @example
 * ```ts
 * wordAsUint(data, 1); // the amount of approve(address,uint256)
 * ```
 *
 */
export function wordAsUint(data: Hex, word: number): bigint | undefined {
  const hex = data.slice(10 + word * 64, 10 + (word + 1) * 64);
  if (hex.length !== 64 || !/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  return BigInt(`0x${hex}`);
}
