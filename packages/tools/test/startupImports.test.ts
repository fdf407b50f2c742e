// The server answers its first tools/list from a static listing and loads core, viem and the execution path
// only afterwards (dynamic imports). This keeps that true: a static import of them anywhere on the start-up path
// (bin.ts and what it imports) would put them back in front of the first answer (it did once: 1.96x the
// reference server's start-up instead of 1.36x).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

// The store's engines (better-sqlite3, pg) load on the first tool that needs the store, never at start.
const LAZY = ["@preflow/core", "viem", "@modelcontextprotocol/sdk/client", "better-sqlite3", "pg"];

describe("start-up path", () => {
  it("imports core and viem only dynamically", async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("../src/bin.ts", import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      packages: "external",
      logLevel: "silent",
    });
    // Walk the static-import edges from bin.ts only: modules reached through a dynamic import() load later.
    const inputs = result.metafile.inputs;
    const entry = Object.keys(inputs).find((file) => file.endsWith("src/bin.ts"));
    expect(entry).toBeDefined();
    const staticImports = new Set<string>();
    const seen = new Set<string>([entry!]);
    const queue = [entry!];
    while (queue.length > 0) {
      for (const imported of inputs[queue.pop()!]?.imports ?? []) {
        if (imported.kind !== "import-statement") continue;
        if (imported.external) staticImports.add(imported.path);
        else if (!seen.has(imported.path)) {
          seen.add(imported.path);
          queue.push(imported.path);
        }
      }
    }
    const eager = [...staticImports].filter((path) =>
      LAZY.some((lazy) => path === lazy || path.startsWith(`${lazy}/`)),
    );
    expect(eager).toEqual([]);
    // The start-up path does use the MCP server SDK and the attribution package statically (both small).
    expect([...staticImports].some((path) => path.startsWith("@modelcontextprotocol/server"))).toBe(true);
    // The 2025-era SDK is a test and bench client only now.
    expect([...staticImports].some((path) => path.startsWith("@modelcontextprotocol/sdk"))).toBe(false);
  });
});
