// Human-readable ABI signatures (`function balanceOf(address owner) view returns (uint256)`, `error
// Unauthorized(address caller)`), parsed here in a few hundred bytes instead of with viem's `parseAbi`: its parser
// would ride into every page that bundles preflow (a code-split page fetched 3.3 KB gz more before its first call).
// Untrusted input: never throws; anything it cannot read is `{ ok: false, reason }`.
import type { Abi, AbiFunction, AbiParameter } from "viem";

type AbiError = Extract<Abi[number], { type: "error" }>;

/** What {@link parseHumanSignature} gives: the ABI item, or why the text is not a signature. @internal */
export type ParseHumanSignatureResult =
  | { ok: true; item: AbiFunction | AbiError }
  | { ok: false; reason: string };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*/;
const MUTABILITY = new Set(["view", "pure", "payable", "nonpayable"]);
const IGNORED_MODIFIERS = new Set(["external", "public", "virtual", "override"]);
const LOCATIONS = new Set(["memory", "calldata", "storage"]);
const KEYWORDS = new Set([
  ...MUTABILITY,
  ...IGNORED_MODIFIERS,
  ...LOCATIONS,
  "returns",
  "indexed",
  "function",
  "error",
]);
// viem's parser (abitype 1.2, `human-readable/runtime/utils.ts` `isSolidityKeyword`) refuses a parameter named
// like a Solidity type or a protected keyword; these are its rules, word for word, so that a signature viem
// refuses is refused here too.
const BYTES_TYPE = /^bytes([1-9]|1[0-9]|2[0-9]|3[0-2])?$/;
const INTEGER_TYPE =
  /^u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?$/;
const PROTECTED_KEYWORD =
  /^(?:after|alias|anonymous|apply|auto|byte|calldata|case|catch|constant|copyof|default|defined|error|event|external|false|final|function|immutable|implements|in|indexed|inline|internal|let|mapping|match|memory|mutable|null|of|override|partial|private|promise|public|pure|reference|relocatable|return|returns|sizeof|static|storage|struct|super|supports|switch|this|true|try|typedef|typeof|var|view|virtual)$/;
/** Whether viem refuses `name` as a parameter's name (a type's name or a protected keyword). @internal */
export function isSolidityKeyword(name: string): boolean {
  return (
    ["address", "bool", "function", "string", "tuple"].includes(name) ||
    BYTES_TYPE.test(name) ||
    INTEGER_TYPE.test(name) ||
    PROTECTED_KEYWORD.test(name)
  );
}
const MAX_DEPTH = 8;
const MAX_LENGTH = 4096;

class Refused {
  constructor(readonly reason: string) {}
}

/**
 * Parses one `function` or `error` signature (Solidity's declaration syntax: parameter names, data locations and
 * `external`/`public` are allowed, `uint`/`int` mean 256 bits, tuples as `(...)` or `tuple(...)`). Types are not
 * checked here (the caller checks every type). Never throws. @internal
 */
export function parseHumanSignature(text: string): ParseHumanSignatureResult {
  if (text.length > MAX_LENGTH) return { ok: false, reason: `longer than ${MAX_LENGTH} characters` };
  let at = 0;
  const skip = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const peek = () => {
    skip();
    return text[at];
  };
  const word = (): string | undefined => {
    skip();
    const match = IDENTIFIER.exec(text.slice(at));
    if (!match) return undefined;
    at += match[0].length;
    return match[0];
  };
  const expect = (char: string) => {
    if (peek() !== char) throw new Refused(`expected "${char}" at position ${at}`);
    at++;
  };
  const params = (depth: number): AbiParameter[] => {
    if (depth > MAX_DEPTH) throw new Refused("tuples nest too deeply");
    expect("(");
    const list: AbiParameter[] = [];
    if (peek() === ")") {
      at++;
      return list;
    }
    for (;;) {
      list.push(param(depth));
      const next = peek();
      at++;
      if (next === ")") return list;
      if (next !== ",") throw new Refused(`expected "," or ")" at position ${at - 1}`);
    }
  };
  const param = (depth: number): AbiParameter => {
    let type: string;
    let components: AbiParameter[] | undefined;
    if (peek() === "(") {
      components = params(depth + 1);
      type = "tuple";
    } else {
      const name = word();
      if (name === undefined) throw new Refused(`expected a type at position ${at}`);
      if (name === "tuple" && peek() === "(") {
        components = params(depth + 1);
        type = "tuple";
      } else type = name === "uint" ? "uint256" : name === "int" ? "int256" : name;
    }
    while (peek() === "[") {
      at++;
      skip();
      const size = /^[0-9]*/.exec(text.slice(at))![0];
      at += size.length;
      expect("]");
      type += `[${size}]`;
    }
    let next = word();
    if (next !== undefined && LOCATIONS.has(next)) {
      // as viem: a data location only on a reference type (an array, bytes, string or a tuple)
      if (!(type.endsWith("]") || type === "bytes" || type === "string" || type === "tuple"))
        throw new Refused(`\`${next}\` is not a data location a ${type} can have`);
      next = word();
    }
    if (next === "indexed") throw new Refused("`indexed` belongs to events, which are not read here");
    if (next !== undefined && isSolidityKeyword(next))
      throw new Refused(`"${next}" is a Solidity type or keyword, not a parameter name`);
    const name = next;
    return {
      type,
      ...(name === undefined ? {} : { name }),
      ...(components ? { components } : {}),
    } as AbiParameter;
  };
  try {
    const kind = word();
    if (kind !== "function" && kind !== "error")
      throw new Refused("only `function` and `error` signatures are read (begin the line with one of them)");
    const name = word();
    if (name === undefined || KEYWORDS.has(name)) throw new Refused(`expected the ${kind}'s name`);
    const inputs = params(0);
    if (kind === "error") {
      if (peek() !== undefined) throw new Refused(`unexpected text at position ${at}`);
      return { ok: true, item: { type: "error", name, inputs } };
    }
    let stateMutability: AbiFunction["stateMutability"] = "nonpayable";
    let outputs: AbiParameter[] = [];
    for (let modifier = word(); modifier !== undefined; modifier = word()) {
      if (MUTABILITY.has(modifier)) stateMutability = modifier as AbiFunction["stateMutability"];
      else if (modifier === "returns") {
        outputs = params(0);
        break;
      } else if (!IGNORED_MODIFIERS.has(modifier)) throw new Refused(`unexpected "${modifier}"`);
    }
    if (peek() !== undefined) throw new Refused(`unexpected text at position ${at}`);
    return { ok: true, item: { type: "function", name, stateMutability, inputs, outputs } };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    return { ok: false, reason: "cannot be read" };
  }
}
