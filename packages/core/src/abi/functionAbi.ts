// The one way core writes a minimal ABI: a function fragment in one call, its parameters in one call each, with
// their literal types kept (viem's encodeFunctionData/decodeFunctionResult infer from them as from a JSON ABI
// written `as const`). Pure and side-effect free: an unused fragment is dropped by bundlers.
import type { AbiParameter, AbiStateMutability } from "viem";

/** A named ABI parameter of `type` (`""` when unnamed, as a single return value). @internal */
/* @__NO_SIDE_EFFECTS__ */
export function param<const type extends string, const name extends string = "">(
  type: type,
  name: name = "" as name,
): { readonly name: name; readonly type: type } {
  return { name, type };
}

/** A function fragment: `function name(inputs) stateMutability returns (outputs)`. @internal */
/* @__NO_SIDE_EFFECTS__ */
export function functionAbi<
  const name extends string,
  const stateMutability extends AbiStateMutability,
  const inputs extends readonly AbiParameter[],
  const outputs extends readonly AbiParameter[],
>(
  name: name,
  stateMutability: stateMutability,
  inputs: inputs,
  outputs: outputs,
): {
  readonly type: "function";
  readonly name: name;
  readonly stateMutability: stateMutability;
  readonly inputs: inputs;
  readonly outputs: outputs;
} {
  return { type: "function", name, stateMutability, inputs, outputs };
}

/** One unnamed `bool` return value (`returns (bool)`). @internal */
export const RETURNS_BOOL = [param("bool")] as const;

/** A tuple (`"tuple"`) or tuple array (`"tuple[]"`) parameter with its components. @internal */
/* @__NO_SIDE_EFFECTS__ */
export function tuple<
  const type extends "tuple" | "tuple[]",
  const name extends string,
  const components extends readonly AbiParameter[],
>(
  type: type,
  name: name,
  components: components,
): { readonly name: name; readonly type: type; readonly components: components } {
  return { name, type, components };
}

/** An indexed event parameter (`address indexed account`). @internal */
/* @__NO_SIDE_EFFECTS__ */
export function indexed<const type extends string, const name extends string>(
  type: type,
  name: name,
): { readonly name: name; readonly type: type; readonly indexed: true } {
  return { name, type, indexed: true };
}

/** An event fragment: `event name(inputs)` (inputs from {@link param} and {@link indexed}). @internal */
/* @__NO_SIDE_EFFECTS__ */
export function eventAbi<
  const name extends string,
  const inputs extends readonly (AbiParameter & { readonly indexed?: boolean })[],
>(name: name, inputs: inputs): { readonly type: "event"; readonly name: name; readonly inputs: inputs } {
  return { type: "event", name, inputs };
}
