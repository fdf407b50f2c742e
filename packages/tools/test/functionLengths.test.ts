// Functions a reader can hold in their head (issue 40): no function of the tool server's `src` over 120 lines, at
// most 3 over 150 lines in all packages' `src` (generated files aside). `node scripts/functionLengths.mjs` lists
// them; split a function that grows past a limit by job (each piece a named function, in its own file when it is
// an operation) rather than raising the limit.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkLimits,
  type FunctionLength,
  functionsOf,
  LONG_ALLOWED,
  LONG_LIMIT,
  measureFunctions,
  TOOL_SERVER_LIMIT,
} from "../../../scripts/functionLengths.mjs";

const shown = (fns: FunctionLength[]) => fns.map((fn) => `${fn.lines} ${fn.name} ${fn.file}:${fn.line}`);

describe("function lengths", () => {
  const functions = measureFunctions();

  it(`no function of the tool server is over ${TOOL_SERVER_LIMIT} lines`, () => {
    expect(shown(checkLimits(functions).toolServerOver)).toEqual([]);
  });

  it(`at most ${LONG_ALLOWED} functions in all packages' src are over ${LONG_LIMIT} lines`, () => {
    const { long } = checkLimits(functions);
    expect(long.length, shown(long).join("\n")).toBeLessThanOrEqual(LONG_ALLOWED);
  });

  it("reads every package's src, the tool server's included, and leaves generated files out", () => {
    const files = new Set(functions.map((fn) => fn.file.split(path.sep).slice(0, 3).join("/")));
    for (const pkg of ["tools", "core", "x402", "devnet", "aa"])
      expect(files).toContain(`packages/${pkg}/src`);
    expect(functions.some((fn) => fn.file.includes(".generated."))).toBe(false);
  });

  describe("the measure", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "function-lengths-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const measure = (source: string) => {
      const file = path.join(dir, "sample.ts");
      writeFileSync(file, source);
      return functionsOf(file, dir).map(({ name, line, lines }) => ({ name, line, lines }));
    };

    it("counts every kind of function from its first line to its last, nested ones on their own too", () => {
      const source = [
        "export function outer(a: number) {", // 1
        "  const inner = (b: number) => {", // 2
        "    return b + 1;", // 3
        "  };", // 4
        "  return inner(a);", // 5
        "}", // 6
        "class Box {", // 7
        "  constructor(readonly v: number) {}", // 8
        "  get double() {", // 9
        "    return this.v * 2;", // 10
        "  }", // 11
        "  method() { return 1; }", // 12
        "}", // 13
        "const table = { run: async function () {", // 14
        "  await Promise.all([1].map((x) => x));", // 15
        "} };", // 16
        "declare function typed(): void;", // 17: no body, not a function to read
      ].join("\n");
      expect(measure(source)).toEqual([
        { name: "outer", line: 1, lines: 6 },
        { name: "inner", line: 2, lines: 3 },
        { name: "Box.constructor", line: 8, lines: 1 },
        { name: "double", line: 9, lines: 3 },
        { name: "method", line: 12, lines: 1 },
        { name: "run", line: 14, lines: 3 },
        { name: "(callback of [1].map)", line: 15, lines: 1 },
      ]);
    });

    it("fails the limits with a long tool-server function or a fourth long one anywhere", () => {
      const long = (file: string, lines: number): FunctionLength => ({ file, line: 1, name: "f", lines });
      const tools = path.join("packages", "tools", "src", "a.ts");
      const core = path.join("packages", "core", "src", "a.ts");
      expect(checkLimits([long(tools, TOOL_SERVER_LIMIT)]).ok).toBe(true);
      expect(checkLimits([long(tools, TOOL_SERVER_LIMIT + 1)]).ok).toBe(false);
      expect(checkLimits([long(core, TOOL_SERVER_LIMIT + 1)]).ok).toBe(true);
      const three = [1, 2, 3].map(() => long(core, LONG_LIMIT + 1));
      expect(checkLimits([...three, long(core, LONG_LIMIT)]).ok).toBe(true);
      expect(checkLimits([...three, long(core, LONG_LIMIT + 1)]).ok).toBe(false);
    });

    it("leaves generated and declaration files out of a package's src", () => {
      const root = mkdtempSync(path.join(dir, "repo-"));
      const src = path.join(root, "packages", "p", "src");
      mkdirSync(src, { recursive: true });
      const body = `export function f() {\n${"  1;\n".repeat(200)}}\n`;
      writeFileSync(path.join(src, "table.generated.ts"), body);
      writeFileSync(path.join(src, "types.d.ts"), "export declare function g(): void;\n");
      writeFileSync(path.join(src, "kept.ts"), body);
      expect(measureFunctions(root).map((fn) => [fn.file, fn.lines])).toEqual([
        [path.join("packages", "p", "src", "kept.ts"), 202],
      ]);
    });
  });
});
