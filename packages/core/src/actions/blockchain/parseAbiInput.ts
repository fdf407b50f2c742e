// The ABI a caller gives `readContract`: human-readable signatures (`"function balanceOf(address) view returns
// (uint256)"`, one string, several lines or an array) or a JSON ABI (an array, or its JSON text). Untrusted input:
// anything that is not an ABI is an `InvalidArgumentError` naming `abi`, never another exception.
import type { Abi } from "viem";
import { InvalidArgumentError } from "../../errors/argument.js";
import { parseHumanSignature } from "./parseHumanSignature.js";

/** The longest ABI text accepted (characters), and the most entries. */
const MAX_TEXT = 256 * 1024;
const MAX_ENTRIES = 2000;

/**
 * An ABI as `readContract` takes it: human-readable signatures (one string with one per line, or an array of
 * strings), a JSON ABI array, or the JSON text of one.
 *
 * @example
 * ```ts
 * import type { AbiInput } from "@preflow/core";
 * const human: AbiInput = ["function balanceOf(address owner) view returns (uint256)"];
 * const json: AbiInput = '[{"type":"function","name":"decimals","stateMutability":"view","inputs":[],"outputs":[{"type":"uint8"}]}]';
 * ```
 */
export type AbiInput = string | readonly string[] | Abi | readonly unknown[];

const fail = (value: unknown, rule: string) => new InvalidArgumentError({ field: "abi", value, rule });

/**
 * Parses an {@link AbiInput} into a viem `Abi` whose function entries are checked (a name, typed inputs and
 * outputs that format to a signature). No I/O; throws only `InvalidArgumentError` (field `abi`). @internal
 */
export function parseAbiInput(value: unknown): Abi {
  if (typeof value === "string") {
    if (value.length > MAX_TEXT) throw fail(value, `must be at most ${MAX_TEXT} characters`);
    const text = value.trim();
    if (text.startsWith("[") || text.startsWith("{")) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw fail(value, "is not valid JSON (give a JSON ABI, or human-readable signatures one per line)");
      }
      return checkJsonAbi(Array.isArray(json) ? json : [json], value);
    }
    return parseHuman(
      text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
      value,
    );
  }
  if (!Array.isArray(value))
    throw fail(value, "must be human-readable signatures (a string or an array of strings) or a JSON ABI");
  if (value.length === 0) throw fail(value, "is empty");
  if (value.length > MAX_ENTRIES) throw fail(value, `has more than ${MAX_ENTRIES} entries`);
  if (value.every((entry) => typeof entry === "string")) return parseHuman(value as string[], value);
  if (value.some((entry) => typeof entry === "string"))
    throw fail(value, "mixes signature strings and JSON entries; give one kind");
  return checkJsonAbi(value, value);
}

function parseHuman(signatures: readonly string[], original: unknown): Abi {
  if (signatures.length === 0) throw fail(original, "is empty");
  if (signatures.length > MAX_ENTRIES) throw fail(original, `has more than ${MAX_ENTRIES} entries`);
  const abi: unknown[] = [];
  for (const [index, signature] of signatures.entries()) {
    const parsed = parseHumanSignature(signature);
    if (!parsed.ok)
      throw fail(original, `signature ${index} is not a human-readable function or error (${parsed.reason})`);
    abi.push(parsed.item);
  }
  return checkJsonAbi(abi, original);
}

function checkJsonAbi(entries: readonly unknown[], original: unknown): Abi {
  if (entries.length === 0) throw fail(original, "is empty");
  if (entries.length > MAX_ENTRIES) throw fail(original, `has more than ${MAX_ENTRIES} entries`);
  for (const [index, entry] of entries.entries()) {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw fail(original, `entry ${index} is not an ABI object`);
    const item = entry as Record<string, unknown>;
    if (typeof item.type !== "string") throw fail(original, `entry ${index} has no \`type\``);
    if (item.type !== "function") continue;
    if (typeof item.name !== "string" || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(item.name))
      throw fail(original, `function entry ${index} has no valid \`name\``);
    if (!Array.isArray(item.inputs)) throw fail(original, `function ${item.name} has no \`inputs\` array`);
    if (item.outputs !== undefined && !Array.isArray(item.outputs))
      throw fail(original, `function ${item.name}'s \`outputs\` is not an array`);
    const inputs = item.inputs.map((param, at) => checkParam(param, 0, `${item.name} input ${at}`));
    const outputs = (item.outputs ?? []).map((param, at) =>
      checkParam(param, 0, `${item.name} output ${at}`),
    );
    const bad = [...inputs, ...outputs].find((problem) => problem !== undefined);
    if (bad !== undefined) throw fail(original, bad);
  }
  return entries.map((entry) => {
    const item = entry as Record<string, unknown>;
    return item.type === "function" && item.outputs === undefined ? { ...item, outputs: [] } : item;
  }) as unknown as Abi;
}

const ELEMENTARY =
  /^(address|bool|string|bytes([1-9]|[12][0-9]|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?)$/;
const ARRAY_SUFFIX = /\[([1-9][0-9]{0,5})?\]$/;

/** What is wrong with one ABI parameter (its type, a tuple's components), or `undefined`. */
function checkParam(param: unknown, depth: number, where: string): string | undefined {
  if (depth > 8) return `${where} nests tuples too deeply`;
  if (typeof param !== "object" || param === null || Array.isArray(param))
    return `${where} is not an ABI parameter object`;
  const { type, components } = param as { type?: unknown; components?: unknown };
  if (typeof type !== "string" || type.length > 200) return `${where} has no \`type\``;
  let base = type;
  while (ARRAY_SUFFIX.test(base)) base = base.replace(ARRAY_SUFFIX, "");
  if (base === "tuple") {
    if (!Array.isArray(components)) return `${where} is a tuple without \`components\``;
    for (const [at, component] of components.entries()) {
      const problem = checkParam(component, depth + 1, `${where} component ${at}`);
      if (problem) return problem;
    }
    return undefined;
  }
  return ELEMENTARY.test(base)
    ? undefined
    : `${where} has type ${JSON.stringify(type.slice(0, 40))}, not an ABI type`;
}
