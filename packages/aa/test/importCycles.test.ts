// No import cycle inside the package (type-only imports included): every relative import of src/ is read
// and the graph searched depth-first. Found the old sendPreparedFlow <-> internal/submitUserOperation cycle;
// `npx madge --circular --extensions ts src` agrees.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:import|export)[^;]*?from\s+"(\.{1,2}\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")));
}

function findCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const cycles: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "visiting");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "visiting") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => path.relative(srcDir, file)));
}

describe("module structure", () => {
  it("has no import cycle in src/ (type imports included)", () => {
    const files = sourceFiles(srcDir);
    expect(files.length).toBeGreaterThan(20);
    expect(findCycles(files)).toEqual([]);
  });

  it("the check finds a cycle when there is one (a type-only import closing it)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "aa-cycle-"));
    try {
      writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b.js";\nexport const a = b;\n');
      writeFileSync(
        path.join(dir, "b.ts"),
        'import type { A } from "./a.js";\nexport const b = 1 as unknown as A;\n',
      );
      const cycles = findCycles([path.join(dir, "a.ts"), path.join(dir, "b.ts")]);
      expect(cycles).toHaveLength(1);
      expect(cycles[0]!.map((file) => path.basename(file))).toEqual(["a.ts", "b.ts", "a.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
