/**
 * A `0x`-prefixed hexadecimal string.
 *
 * @example
 * ```ts
 * import type { Hex } from "@preflow/attribution";
 *
 * const data: Hex = "0xa9059cbb";
 * ```
 */
export type Hex = `0x${string}`;

/**
 * A `0x`-prefixed 20-byte address. Addresses decoded from transactions are EIP-55 checksummed.
 *
 * @example
 * ```ts
 * import type { Address } from "@preflow/attribution";
 *
 * const entryPoint: Address = "0x0000000071727De22E5E9d8BAf0edAc6f37da032";
 * ```
 */
export type Address = `0x${string}`;
