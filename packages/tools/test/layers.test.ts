// The tool server's layers read one way (issue 40): server → tool handlers → execution (and x402 payments) →
// approval and policy → store, with the shared vocabulary (errors, schemas, config, state, input) below them all.
// Every relative import of src (static, re-export, dynamic) is read here and none may run back up a layer.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));
/** Lower rank = higher layer; a file may import only its own rank or a larger one. */
const RANKS: Record<string, number> = {
  "bin.ts": 0,
  "index.ts": 0,
  server: 1,
  tools: 2,
  execution: 3,
  x402: 3,
  approval: 4,
  policy: 4,
  // where the key comes from: it asks a person for a keystore's password through the approval page
  signer: 4,
  store: 5,
  // the one guard for fetching an outside URL (x402_fetch and any later fetching tool)
  outsideUrl: 5,
  errors: 6,
  schemas: 6,
  config: 6,
  state: 6,
  input: 6,
  // the flow view's browser code (MCP Apps), bundled at build time: it imports nothing of src
  flowView: 6,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}
const layerOf = (file: string) => relative(SRC, file).split("/")[0] as string;
const IMPORT = /(?:import|export)\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"|import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;

/** Every relative import of src as [from layer, to layer, file, specifier]. */
function imports(): [string, string, string, string][] {
  const out: [string, string, string, string][] = [];
  for (const file of files(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      const target = resolve(dirname(file), specifier);
      out.push([layerOf(file), layerOf(target), relative(SRC, file), specifier]);
    }
  }
  return out;
}

describe("the tool server's layers", () => {
  it("every folder of src has a layer", () => {
    const layers = new Set(files(SRC).map(layerOf));
    expect([...layers].filter((layer) => RANKS[layer] === undefined)).toEqual([]);
  });

  it("no import runs back up: server → tools → execution → approval and policy → store → shared", () => {
    const all = imports();
    expect(all.length).toBeGreaterThan(200);
    const upward = all
      .filter(([from, to]) => (RANKS[to] as number) < (RANKS[from] as number))
      .map(([from, to, file, specifier]) => `${file} (${from}) imports ${specifier} (${to})`);
    expect(upward).toEqual([]);
  });

  it("the check sees an upward import (it can fail)", () => {
    const rank = (path: string) => RANKS[layerOf(join(SRC, path))] as number;
    expect(rank("store/types.ts") > rank("tools/context.ts")).toBe(true);
    expect([...'import { x } from "../tools/context.js";'.matchAll(IMPORT)].map((match) => match[1])).toEqual(
      ["../tools/context.js"],
    );
  });
});
