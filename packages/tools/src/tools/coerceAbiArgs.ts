import type { Abi, AbiParameter } from "viem";

/** What {@link parseJsonAbi} needs, passed in so that viem and core load only when a tool runs. @internal */
export interface ParseJsonAbiDependencies {
  parseAbi: typeof import("viem").parseAbi;
  InvalidContractCallError: typeof import("@preflow/core").InvalidContractCallError;
}

/**
 * An ABI from JSON: JSON ABI items, or human-readable signatures (`"function deposit(uint256 amount)"`),
 * parsed with viem. @internal
 */
export function parseJsonAbi(dependencies: ParseJsonAbiDependencies, abi: readonly unknown[]): Abi {
  const { parseAbi, InvalidContractCallError } = dependencies;
  if (abi.length > 0 && abi.every((item) => typeof item === "string")) {
    try {
      return parseAbi(abi as string[]) as Abi;
    } catch (error) {
      const reason = (error as { shortMessage?: string }).shortMessage ?? "cannot parse the signatures";
      throw new InvalidContractCallError({ field: "abi", reason: reason.replace(/\.$/, ""), cause: error });
    }
  }
  if (abi.some((item) => typeof item !== "object" || item === null || Array.isArray(item))) {
    throw new InvalidContractCallError({
      field: "abi",
      reason:
        'must be an array of JSON ABI items, or an array of human-readable signatures such as "function deposit(uint256 amount)"',
    });
  }
  return abi as Abi;
}

const INTEGER = /^u?int(\d*)$/;
const ARRAY = /^(.*)\[(\d*)\]$/;

function coerce(parameter: AbiParameter, value: unknown): unknown {
  const array = ARRAY.exec(parameter.type);
  if (array) {
    if (!Array.isArray(value)) return value;
    const inner = { ...parameter, type: array[1] as string } as AbiParameter;
    return value.map((entry) => coerce(inner, entry));
  }
  if (INTEGER.test(parameter.type)) {
    if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
    if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
    return value;
  }
  if (parameter.type === "tuple" && "components" in parameter) {
    const components = parameter.components;
    if (Array.isArray(value))
      return value.map((entry, index) => (components[index] ? coerce(components[index], entry) : entry));
    if (typeof value === "object" && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) {
        const component = components.find((candidate) => candidate.name === key);
        out[key] = component ? coerce(component, entry) : entry;
      }
      return out;
    }
  }
  return value;
}

/**
 * Turns JSON arguments into what viem encodes: integers given as decimal strings (or safe JSON numbers)
 * become bigints, through arrays and tuples, following the inputs of the function `functionName` with as
 * many inputs as there are arguments. Anything else is left for viem to check. @internal
 */
export function coerceAbiArgs(abi: Abi, functionName: string, args: readonly unknown[]): unknown[] {
  const candidates = abi.filter(
    (item): item is Extract<Abi[number], { type: "function" }> =>
      item.type === "function" && item.name === functionName && item.inputs.length === args.length,
  );
  const inputs = candidates[0]?.inputs;
  if (!inputs) return [...args];
  return args.map((value, index) => (inputs[index] ? coerce(inputs[index], value) : value));
}
