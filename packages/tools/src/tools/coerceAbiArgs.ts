import type { Abi, AbiParameter } from "viem";
import { preview } from "../errors/base.js";
import type { ToolRuntime } from "./context.js";

/** What {@link parseJsonAbi} needs, passed in so that viem and core load only when a tool runs. @internal */
export interface ParseJsonAbiDependencies {
  parseAbi: typeof import("viem").parseAbi;
  InvalidContractCallError: typeof import("@preflow/core").InvalidContractCallError;
}

const STRUCT = /^\s*struct\s/;

/**
 * The index of the signature viem cannot parse: the one its error names, else the first that does not parse
 * with the ABI's structs; `undefined` when the structs themselves do not parse.
 */
function failingSignature(
  parseAbi: ParseJsonAbiDependencies["parseAbi"],
  signatures: readonly string[],
  error: unknown,
): number | undefined {
  const named = (error as { details?: unknown } | null)?.details;
  if (typeof named === "string" && signatures.includes(named)) return signatures.indexOf(named);
  const structs = signatures.filter((signature) => STRUCT.test(signature));
  try {
    parseAbi(structs);
  } catch {
    return undefined;
  }
  for (let index = 0; index < signatures.length; index++) {
    const signature = signatures[index] as string;
    if (STRUCT.test(signature)) continue;
    try {
      parseAbi([...structs, signature]);
    } catch {
      return index;
    }
  }
  return undefined;
}

/**
 * An ABI from JSON: JSON ABI items, or human-readable signatures (`"function deposit(uint256 amount)"`),
 * parsed with viem. A signature viem cannot parse is named by its index (`abi[1]`) and text (cut short). @internal
 */
export function parseJsonAbi(dependencies: ParseJsonAbiDependencies, abi: readonly unknown[]): Abi {
  const { parseAbi, InvalidContractCallError } = dependencies;
  if (abi.length > 0 && abi.every((item) => typeof item === "string")) {
    const signatures = abi as string[];
    try {
      return parseAbi(signatures) as Abi;
    } catch (error) {
      const viem = error as { shortMessage?: unknown; metaMessages?: unknown } | null;
      const why = [viem?.shortMessage, ...(Array.isArray(viem?.metaMessages) ? viem.metaMessages : [])]
        .filter((line): line is string => typeof line === "string" && line.trim() !== "")
        .map((line) => line.trim().replace(/\.$/, ""))
        .join(": ");
      const index = failingSignature(parseAbi, signatures, error);
      const entry =
        index === undefined ? "the signatures" : `entry ${index} (${preview(signatures[index], 100)})`;
      throw new InvalidContractCallError({
        field: index === undefined ? "abi" : `abi[${index}]`,
        reason: `${entry} could not be parsed as a human-readable ABI signature${why === "" ? "" : ` (${why})`}; write each entry by viem's parseAbi rules, e.g. "function deposit(address token, uint256 amount)", with every parenthesis closed, or give JSON ABI items`,
        cause: error,
      });
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

/**
 * A tool's `abi`, `function_name` and `args` as viem encodes them: the ABI parsed (human-readable or JSON items), the
 * arguments coerced (integers given as decimal strings become bigints). @internal
 */
export async function abiAndArgs(
  runtime: Pick<ToolRuntime, "core">,
  input: { abi: readonly unknown[]; function_name: string; args?: readonly unknown[] | undefined },
) {
  const { parseAbi } = await import("viem");
  const parsed = parseJsonAbi(
    { parseAbi, InvalidContractCallError: runtime.core.InvalidContractCallError },
    input.abi,
  );
  return {
    abi: parsed,
    functionName: input.function_name,
    ...(input.args === undefined ? {} : { args: coerceAbiArgs(parsed, input.function_name, input.args) }),
  };
}
