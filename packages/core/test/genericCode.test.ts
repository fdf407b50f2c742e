// Generic code never names a protocol: flow parsing, mismatch checks, formatting, revert decoding, simulation,
// the RPC layer, the clients, preflow/aa's send path and the tool server's execution, server and simulation code
// loop over the protocol registry (src/protocols/registry.ts). Only the registry and the protocol folders
// (src/protocols/<name>/) may name Aave, Uniswap or Mento. Comments are allowed to (they explain); code is not.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The generic folders and files, relative to packages/. */
const GENERIC = [
  "core/src/flow",
  "core/src/actions/transaction",
  "core/src/rpc",
  "core/src/clients",
  "core/src/actions/wallet",
  "aa/src/sendPreparedFlow.ts",
  "aa/src/internal",
  "tools/src/execution",
  "tools/src/server",
  "tools/src/tools/simulate.ts",
  "tools/src/tools/execute.ts",
];
const PROTOCOL_NAMES = /aave|uniswap|mento/i;

function files(entry: string): string[] {
  const full = path.join(packages, entry);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) =>
    child.isDirectory()
      ? files(path.join(entry, child.name))
      : child.name.endsWith(".ts") && !child.name.endsWith(".test.ts")
        ? [path.join(full, child.name)]
        : [],
  );
}

/** The source without its comments (strings, template literals and regular expressions kept as code). */
export function withoutComments(source: string): string {
  let out = "";
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === "/" && next === "/") {
      while (index < source.length && source[index] !== "\n") index++;
    } else if (char === "/" && next === "*") {
      const end = source.indexOf("*/", index + 2);
      index = end === -1 ? source.length : end + 2;
    } else if (char === '"' || char === "'" || char === "`") {
      let end = index + 1;
      while (end < source.length && source[end] !== char) end += source[end] === "\\" ? 2 : 1;
      out += source.slice(index, end + 1);
      index = end + 1;
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

/** Each line of code (comments removed) that names a protocol, as `file:line: text`. */
function protocolNames(file: string): string[] {
  const code = withoutComments(readFileSync(file, "utf8")).split("\n");
  return code.flatMap((line, index) =>
    PROTOCOL_NAMES.test(line) ? [`${path.relative(packages, file)}:${index + 1}: ${line.trim()}`] : [],
  );
}

describe("generic code", () => {
  it("names no protocol in code (only the registry and the protocol folders do)", () => {
    const checked = GENERIC.flatMap((entry) => files(entry));
    expect(checked.length).toBeGreaterThan(30);
    expect(checked.flatMap((file) => protocolNames(file))).toEqual([]);
  });

  it("the check sees code and ignores comments", () => {
    expect(withoutComments('const a = 1; // Aave\n/* Mento */ const b = "uniswap";')).toBe(
      'const a = 1; \n const b = "uniswap";',
    );
    expect(PROTOCOL_NAMES.test(withoutComments("import { x } from '../protocols/aave/abis.js';"))).toBe(true);
    expect(PROTOCOL_NAMES.test(withoutComments("// import { x } from '../protocols/aave/abis.js';"))).toBe(
      false,
    );
  });
});
