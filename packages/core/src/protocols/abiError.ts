import type { Abi } from "viem";

type AbiError = Extract<Abi[number], { type: "error" }>;

/**
 * A custom error as an ABI item (internal to the protocol folders: not exported), from its name and `[name, type]` inputs (a literal ABI keeps viem's `parseAbi`
 * parser out of the bundle).
 *
 * @example
 * ```ts
 * abiError("ERC20InvalidSender", [["sender", "address"]]);
 * // { type: "error", name: "ERC20InvalidSender", inputs: [{ name: "sender", type: "address" }] }
 * ```
 *
 */
export function abiError(
  name: string,
  inputs: readonly (readonly [name: string, type: string])[] = [],
): AbiError {
  return { type: "error", name, inputs: inputs.map(([n, type]) => ({ name: n, type })) };
}

/**
 * Argument-less custom errors as ABI items, from their names (one call, so a bundler can drop it when unused).
 *
 * @example
 * ```ts
 * abiErrors(["Expired", "InvalidPath"]); // [{ type: "error", name: "Expired", inputs: [] }, ...]
 * ```
 */
export function abiErrors(names: readonly string[]): AbiError[] {
  return names.map((name) => abiError(name));
}
