// Generic code never names a protocol: everything in core, preflow/aa and the tool server except the protocol
// folders, the registries that list them and the barrels that export them loops over the protocol registry
// (src/protocols/registry.ts). Comments are allowed to name protocols (they explain); code is not. The protocol
// names are derived from the registry (each protocol's id and label), plus the names of protocols and groups
// that other helpers are adding (GoodDollar) or that a protocol's group uses besides its id (lending, governance).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../src/protocols/registry.js";

const packages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The generic roots, relative to packages/: every source file under them is generic unless listed below. */
const GENERIC_ROOTS = ["core/src", "aa/src", "tools/src"];

/**
 * What may name protocols, relative to packages/ (a folder ends with "/"):
 * - each protocol's folder (`core/src/protocols/<id>/`, every subfolder of protocols/) and the tool server's
 *   per-protocol tools (`tools/src/tools/protocols/`);
 * - the registries that list them (one line per protocol): core's `PROTOCOLS`, the swap venues' adapter loaders,
 *   core's default client groups, the tool server's tool list;
 * - the barrels that export their public names (`core/src/index.ts`), and the token registry (tokens keep their
 *   own on-chain names, "Mento Dollar");
 * - generated files (`*.generated.ts`): written by a script from the definitions, never by hand.
 */
const ALLOWED = [
  "core/src/protocols/registry.ts",
  "core/src/protocols/swapVenueAdapters.ts",
  "core/src/protocols/defaultGroups.ts",
  "core/src/index.ts",
  "core/src/tokens/registry.ts",
  "tools/src/tools/protocols/",
  "tools/src/tools/registry.ts",
];

/** Registry entries whose names are generic words every flow uses (a send, a contract call, a swap). */
const GENERIC_PROTOCOL_IDS = new Set(["erc20", "contract-call", "swap"]);
/** Words of ids and labels that name the chain or a version, not a protocol. */
const NOT_A_NAME = new Set(["celo", "and", "v3", "v4"]);
/** Names not (yet) in the registry's ids and labels. */
const MORE_NAMES = ["governance", "lending", "gooddollar"];

/** Every protocol name, lower case: each registered protocol's id and label words, and {@link MORE_NAMES}. */
export const PROTOCOL_NAMES: readonly string[] = [
  ...new Set(
    [
      ...PROTOCOLS.filter((protocol) => !GENERIC_PROTOCOL_IDS.has(protocol.id)).flatMap((protocol) =>
        `${protocol.id} ${protocol.label} ${protocol.swapVenue?.venue ?? ""}`
          .toLowerCase()
          .split(/[^a-z0-9]+/),
      ),
      ...MORE_NAMES.map((name) => name.toLowerCase()),
    ].filter((word) => word.length >= 4 && !NOT_A_NAME.has(word)),
  ),
];
const NAMES = new RegExp(PROTOCOL_NAMES.join("|"), "i");

function isAllowed(relative: string): boolean {
  if (relative.endsWith(".generated.ts")) return true;
  if (/^core\/src\/protocols\/[^/]+\//.test(relative)) return true;
  return ALLOWED.some((entry) => (entry.endsWith("/") ? relative.startsWith(entry) : relative === entry));
}

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
    NAMES.test(line) ? [`${path.relative(packages, file)}:${index + 1}: ${line.trim()}`] : [],
  );
}

describe("generic code", () => {
  it("names no protocol in code (only the registries, the barrel and the protocol folders do)", () => {
    const checked = GENERIC_ROOTS.flatMap((entry) => files(entry)).filter(
      (file) => !isAllowed(path.relative(packages, file).split(path.sep).join("/")),
    );
    expect(checked.length).toBeGreaterThan(250);
    const found = checked.flatMap((file) => protocolNames(file));
    if (process.env.SHOW_NAMES) console.log(found.join("\n"));
    expect(found).toEqual([]);
  });

  it("knows every protocol's name from the registry", () => {
    for (const name of ["aave", "uniswap", "mento", "staking", "governance", "lending", "gooddollar"]) {
      expect(PROTOCOL_NAMES).toContain(name);
    }
    for (const generic of ["erc20", "swap", "celo", "contract"])
      expect(PROTOCOL_NAMES).not.toContain(generic);
    expect(isAllowed("core/src/protocols/uniswap-v4/venue.ts")).toBe(true);
    expect(isAllowed("core/src/protocols/definition.ts")).toBe(false);
    expect(isAllowed("tools/src/tools/swap.ts")).toBe(false);
  });

  it("the check sees code and ignores comments", () => {
    expect(withoutComments('const a = 1; // Aave\n/* Mento */ const b = "uniswap";')).toBe(
      'const a = 1; \n const b = "uniswap";',
    );
    expect(NAMES.test(withoutComments("import { x } from '../protocols/aave-v3/abis.js';"))).toBe(true);
    expect(NAMES.test(withoutComments("// import { x } from '../protocols/aave-v3/abis.js';"))).toBe(false);
  });
});
