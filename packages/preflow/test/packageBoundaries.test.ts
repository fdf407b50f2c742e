// The package graph of README.md's "Packages" table, checked against the code: every `@preflow/*` import in a
// package's `src/` (static, re-export, dynamic and `import("…")` types; comments aside) is one the table allows,
// and is declared in its package.json; no package's `src/` has an import cycle among its own files (type-only
// imports included); every package keeps its tests in test/ and names property tests *.property.test.ts. A new
// import across packages, a new cycle or a test beside the sources fails here.
import {
  type Dirent,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packagesDir = fileURLToPath(new URL("../..", import.meta.url));

/** What each package's runtime code may import of ours (README.md's table). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  errors: [],
  attribution: ["@preflow/errors"],
  telemetry: ["@preflow/errors"],
  core: ["@preflow/errors", "@preflow/attribution", "@preflow/telemetry"],
  "agent-id": ["@preflow/errors", "@preflow/core"],
  aa: ["@preflow/errors", "@preflow/attribution", "@preflow/core"],
  tools: ["@preflow/errors", "@preflow/attribution", "@preflow/core", "@preflow/x402", "@preflow/budget"],
  x402: ["@preflow/errors", "@preflow/attribution", "@preflow/core"],
  budget: ["@preflow/errors", "@preflow/core"],
  preflow: [
    "@preflow/aa",
    "@preflow/agent-id",
    "@preflow/budget",
    "@preflow/attribution",
    "@preflow/core",
    "@preflow/telemetry",
    "@preflow/x402",
  ],
  devnet: [],
};

/** The most lines a source file of a package's src/ may have (tests and generated files aside). */
const MAX_SOURCE_LINES = 500;

/** Every file under `dir` (none when it does not exist). */
function allFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? (entry.name === "node_modules" ? [] : allFiles(full)) : [full];
  });
}

/**
 * The one test layout: a package's tests live in its `test/` folder (not beside the sources), and a property-based
 * test is `*.property.test.ts` (not `.properties.`). Returns what breaks it, relative to the package.
 */
function testLayoutProblems(packageDir: string): string[] {
  const inSrc = allFiles(path.join(packageDir, "src")).filter((file) => /\.test\.tsx?$/.test(file));
  const plural = allFiles(path.join(packageDir, "test")).filter((file) =>
    /\.properties\.test\.ts$/.test(file),
  );
  return [...inSrc, ...plural].map((file) => path.relative(packageDir, file));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The code without comments (a `//` inside a string such as a URL stays: it is not at a line's start). */
function code(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

/** The module specifiers a file imports (static, re-exports, dynamic, `import("…")` types). */
function specifiers(text: string): string[] {
  const found = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+"([^"]+)"/g),
    ...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ];
  return found.map((match) => match[1] as string);
}

/** `@preflow/core/x` → `@preflow/core`; `preflow/aa` → `preflow`. */
const ourPackage = (specifier: string): string | undefined =>
  /^@preflow\/[^/]+/.exec(specifier)?.[0] ?? (/^preflow(?:\/|$)/.test(specifier) ? "preflow" : undefined);

function findCycles(files: string[]): string[][] {
  const graph = new Map(
    files.map((file) => [
      file,
      specifiers(code(file))
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts"))),
    ]),
  );
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
  return cycles;
}

const folders = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => {
    try {
      return readdirSync(path.join(packagesDir, name, "src")).length > 0;
    } catch {
      return false;
    }
  });

describe("package boundaries", () => {
  it("the table names every package with a src/ folder", () => {
    expect(folders.sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  it.each(folders)("%s imports only what the table allows, and declares it", (folder) => {
    const manifest = JSON.parse(readFileSync(path.join(packagesDir, folder, "package.json"), "utf8"));
    const own = manifest.name as string;
    const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));
    const used = new Map<string, string>();
    for (const file of sourceFiles(path.join(packagesDir, folder, "src"))) {
      for (const specifier of specifiers(code(file))) {
        const name = ourPackage(specifier);
        if (name !== undefined && name !== own && !used.has(name))
          used.set(name, path.relative(packagesDir, file));
      }
    }
    const allowed = MAY_IMPORT[folder] ?? [];
    const forbidden = [...used].filter(([name]) => !allowed.includes(name));
    expect(forbidden, `${folder} may import ${allowed.join(", ") || "nothing of ours"}`).toEqual([]);
    const undeclared = [...used.keys()].filter((name) => !declared.has(name));
    expect(undeclared, `${folder}'s package.json does not declare them`).toEqual([]);
  });

  it.each(folders)("%s/src has no import cycle (type-only imports included)", (folder) => {
    const src = path.join(packagesDir, folder, "src");
    const cycles = findCycles(sourceFiles(src)).map((cycle) => cycle.map((file) => path.relative(src, file)));
    expect(cycles).toEqual([]);
  });

  it.each(folders)(
    "%s/src has no source file over 500 lines (split it by job; generated files aside)",
    (folder) => {
      const src = path.join(packagesDir, folder, "src");
      const long = sourceFiles(src)
        .filter((file) => !/\.generated\.ts$/.test(file))
        .map((file) => [path.relative(src, file), readFileSync(file, "utf8").split("\n").length] as const)
        .filter(([, lines]) => lines > MAX_SOURCE_LINES);
      expect(long).toEqual([]);
    },
  );

  it.each(folders)(
    "%s keeps its tests in test/ (none in src/), property tests named *.property.test.ts",
    (folder) => {
      expect(testLayoutProblems(path.join(packagesDir, folder))).toEqual([]);
    },
  );

  it("the layout check can fail: a test beside the sources and a .properties. test are found", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "layout-"));
    try {
      mkdirSync(path.join(dir, "src", "deep"), { recursive: true });
      mkdirSync(path.join(dir, "test"));
      writeFileSync(path.join(dir, "src", "deep", "a.test.ts"), "");
      writeFileSync(path.join(dir, "src", "a.ts"), "");
      writeFileSync(path.join(dir, "test", "b.properties.test.ts"), "");
      writeFileSync(path.join(dir, "test", "c.property.test.ts"), "");
      expect(testLayoutProblems(dir).sort()).toEqual(["src/deep/a.test.ts", "test/b.properties.test.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the checks can fail: imports are found in every form, comments are not code, a cycle is found", () => {
    const text = [
      'import { x } from "@preflow/core";',
      'export { y } from "preflow/aa";',
      'type Z = typeof import("@preflow/agent-id");',
      '// import { w } from "@preflow/tools";',
      '/** import { v } from "@preflow/devnet"; */',
    ].join("\n");
    const dir = mkdtempSync(path.join(tmpdir(), "boundaries-"));
    try {
      writeFileSync(path.join(dir, "text.ts"), text);
      expect(specifiers(code(path.join(dir, "text.ts"))).map(ourPackage)).toEqual([
        "@preflow/core",
        "preflow",
        "@preflow/agent-id",
      ]);
      writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b.js";\nexport const a = b;\n');
      writeFileSync(
        path.join(dir, "b.ts"),
        'import type { A } from "./a.js";\nexport const b = 1 as unknown as A;\n',
      );
      const cycles = findCycles([path.join(dir, "a.ts"), path.join(dir, "b.ts")]);
      expect(cycles.map((cycle) => cycle.map((file) => path.basename(file)))).toEqual([
        ["a.ts", "b.ts", "a.ts"],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
