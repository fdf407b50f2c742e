#!/usr/bin/env node
// The length of every function in the packages' `src` (issue 40): function declarations and expressions, arrow
// functions, methods, accessors and constructors, each counted from its first line to its last (a function's
// length includes the functions nested in it; each nested one is counted on its own too). Generated files
// (`*.generated.ts`) are left out.
//
//   node scripts/functionLengths.mjs            the functions over 120 lines, longest first, and the limits' state
//   node scripts/functionLengths.mjs --over 80  the functions over 80 lines
//
// The limits (checked by packages/tools/test/functionLengths.test.ts): no function of the tool server
// (packages/tools/src) over 120 lines; at most 3 functions over 150 lines in all packages' `src`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** No function of the tool server's `src` may be longer than this. */
export const TOOL_SERVER_LIMIT = 120;
/** A function longer than this is long anywhere; at most {@link LONG_ALLOWED} of them in all packages. */
export const LONG_LIMIT = 150;
export const LONG_ALLOWED = 3;

/** Every `.ts`/`.tsx`/`.mts` source file under `dir`, generated files and declaration files aside. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    if (!/\.(ts|tsx|mts)$/.test(entry.name)) return [];
    if (entry.name.endsWith(".d.ts") || entry.name.includes(".generated.")) return [];
    return [path];
  });
}

/** The `src` folder of every package. */
function packageSources(root) {
  const packages = join(root, "packages");
  return readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(packages, entry.name, "src"))
    .filter((src) => {
      try {
        return readdirSync(src).length >= 0;
      } catch {
        return false;
      }
    });
}

/** A readable name for a function node: its own name, the variable or property it is assigned to, or where it sits. */
function nameOf(node) {
  if (ts.isConstructorDeclaration(node)) return `${nameOf(node.parent)}.constructor`;
  if (
    node.name &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))
  )
    return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (
    parent &&
    ts.isPropertyAssignment(parent) &&
    (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))
  )
    return parent.name.text;
  if (parent && ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return `(callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee})`;
  }
  return "(anonymous)";
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node);

/** Every function of one file with its lines (first to last, inclusive). */
export function functionsOf(file, root = ROOT) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const start = first + 1;
      out.push({ file: relative(root, file), line: start, name: nameOf(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every function of every package's `src`, longest first. */
export function measureFunctions(root = ROOT) {
  return packageSources(root)
    .flatMap((src) => sourceFiles(src))
    .flatMap((file) => functionsOf(file, root))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

/** The functions that break the limits: the tool server's over 120 lines, and all those over 150 lines. */
export function checkLimits(functions = measureFunctions()) {
  const toolServerOver = functions.filter(
    (fn) => fn.file.startsWith(join("packages", "tools", "src")) && fn.lines > TOOL_SERVER_LIMIT,
  );
  const long = functions.filter((fn) => fn.lines > LONG_LIMIT);
  return { toolServerOver, long, ok: toolServerOver.length === 0 && long.length <= LONG_ALLOWED };
}

const format = (fn) => `${String(fn.lines).padStart(5)}  ${fn.name}  ${fn.file}:${fn.line}`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const overIndex = process.argv.indexOf("--over");
  const over = overIndex === -1 ? TOOL_SERVER_LIMIT : Number(process.argv[overIndex + 1]);
  if (!Number.isInteger(over) || over < 0) {
    console.error(`--over: expected a whole number of lines, got ${process.argv[overIndex + 1]}`);
    process.exit(2);
  }
  const functions = measureFunctions();
  const listed = functions.filter((fn) => fn.lines > over);
  console.log(`${listed.length} functions over ${over} lines in packages/*/src (generated files aside):`);
  for (const fn of listed) console.log(format(fn));
  const { toolServerOver, long, ok } = checkLimits(functions);
  console.log(
    `\ntool server (packages/tools/src) over ${TOOL_SERVER_LIMIT}: ${toolServerOver.length} (allowed 0); ` +
      `all packages over ${LONG_LIMIT}: ${long.length} (allowed ${LONG_ALLOWED})`,
  );
  process.exit(ok ? 0 : 1);
}
