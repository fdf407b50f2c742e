// `pnpm readme:tables`: writes every table that lists the tools and the client members from the code, so none is
// kept by hand. Sources: the tool definitions (packages/tools/src/tools/registry.ts: name, family, input schema,
// title, the client member or action each runs) and core's group decorators (which exported action each client
// member runs, read from their source). Targets: the tool server's static catalog (catalog.generated.ts), core's test table
// of client members, and the README tables between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`.
// `--check` writes nothing and exits 1 when a target differs (packages/tools/test/readmeTables.test.ts runs the
// same comparison).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { z } from "zod/v4";
import type { ToolDefinition } from "../src/tools/context.js";
import { TOOLS } from "../src/tools/registry.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CORE_SRC = join(ROOT, "packages/core/src");

/** Helpers the decorators call that are not the member's action. */
const NOT_ACTIONS = new Set(["parseOptions", "rejectUnknownKeys", "runLazyAction", "venueGroup"]);

/** The decorator sources of core: the standard groups and every protocol's. */
function decoratorFiles(): string[] {
  const standard = readdirSync(join(CORE_SRC, "decorators")).map((file) =>
    join(CORE_SRC, "decorators", file),
  );
  const protocols = readdirSync(join(CORE_SRC, "protocols"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(CORE_SRC, "protocols", entry.name))
        .filter((file) => /^(decorator|\w+Decorator)\.ts$/.test(file))
        .map((file) => join(CORE_SRC, "protocols", entry.name, file)),
    );
  return [...standard, ...protocols].filter((file) => file.endsWith(".ts"));
}

/** The value identifiers a source file imports (not `import type`). */
function importedValues(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
  }
  return names;
}

/** `(await import("...")).name`: the export a member loads on its first call. */
function loadedExport(node: ts.Node): string | undefined {
  if (!ts.isPropertyAccessExpression(node)) return undefined;
  let target: ts.Expression = node.expression;
  while (ts.isParenthesizedExpression(target) || ts.isAwaitExpression(target)) target = target.expression;
  return ts.isCallExpression(target) && target.expression.kind === ts.SyntaxKind.ImportKeyword
    ? node.name.text
    : undefined;
}

/** The first action in `node` (depth first): an identifier `accept` takes, or an export loaded on first call. */
function firstIdentifier(node: ts.Node, accept: (name: string) => boolean): string | undefined {
  if (ts.isIdentifier(node) && accept(node.text)) return node.text;
  const loaded = loadedExport(node);
  if (loaded !== undefined) return loaded;
  let found: string | undefined;
  node.forEachChild((child) => {
    found ??= firstIdentifier(child, accept);
  });
  return found;
}

/**
 * The members of a one-venue group (`venueGroup(client, { quote, prepare })`) by the key of its actions, read from
 * venueGroup's own frozen object (`getQuote: ... actions.quote(...)`).
 */
function venueMembers(): Map<string, string> {
  const path = join(CORE_SRC, "actions/swap/venueGroup.ts");
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const members = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const member = node.name.text;
      node.initializer.forEachChild(function find(child): void {
        if (
          ts.isPropertyAccessExpression(child) &&
          ts.isIdentifier(child.expression) &&
          child.expression.text === "actions"
        )
          members.set(child.name.text, member);
        child.forEachChild(find);
      });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return members;
}

/**
 * Every client member of core's groups and the exported action it runs (`"aave.prepareSupply"` →
 * `"prepareAaveSupply"`), read from the decorators: a group is `name: Object.freeze({ member: ... })` (the member
 * runs the first imported action its code names) or `name: venueGroup(client, { quote, prepare })`.
 */
export function clientMemberActions(): Record<string, string> {
  const table: Record<string, string> = {};
  const venue = venueMembers();
  for (const path of decoratorFiles()) {
    const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const values = importedValues(source);
    const isAction = (name: string) => values.has(name) && !NOT_ACTIONS.has(name) && /^[a-z]/.test(name);
    const visit = (node: ts.Node) => {
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        ts.isCallExpression(node.initializer)
      ) {
        const group = node.name.text;
        const call = node.initializer;
        const callee = call.expression.getText(source);
        const members = call.arguments.find(ts.isObjectLiteralExpression);
        if (callee === "Object.freeze" && members) {
          for (const property of members.properties) {
            if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
            const action = firstIdentifier(property.initializer, isAction);
            if (action === undefined)
              throw new Error(
                `${relative(ROOT, path)}: ${group}.${property.name.text} names no imported action`,
              );
            table[`${group}.${property.name.text}`] = action;
          }
          return;
        }
        if (callee === "venueGroup" && members) {
          for (const property of members.properties) {
            if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
            const member = venue.get(property.name.text);
            if (member === undefined) throw new Error(`venueGroup has no member for ${property.name.text}`);
            table[`${group}.${member}`] = property.initializer.getText(source);
          }
          return;
        }
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
}

/** One tool as the catalog lists it. */
interface CatalogRow {
  name: string;
  family: string;
  member: string | null;
  action: string | null;
}

function catalogRows(members: Record<string, string>): CatalogRow[] {
  return TOOLS.map((tool) => {
    if (tool.member !== undefined && members[tool.member] === undefined)
      throw new Error(`tool ${tool.name}: no client member ${tool.member} in core's decorators`);
    return {
      name: tool.name,
      family: tool.family,
      member: tool.member ?? null,
      action: tool.member !== undefined ? members[tool.member]! : (tool.action ?? null),
    };
  });
}

/** A tool's input fields as the README lists them: `name` or `name?` when optional. */
function inputFields(tool: ToolDefinition): string {
  const shape = (tool.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  const fields = Object.entries(shape).map(([key, schema]) =>
    schema.safeParse(undefined).success ? `\`${key}?\`` : `\`${key}\``,
  );
  return fields.length === 0 ? "—" : fields.join(", ");
}

const code = (text: string | null) => (text === null ? "" : `\`${text}\``);

/** Every generated text, by target: a whole file (catalog, test table) or a README section. */
export function renderTargets(): { files: Record<string, string>; sections: Record<string, string> } {
  const members = clientMemberActions();
  const rows = catalogRows(members);
  const catalog = `// Generated by \`pnpm readme:tables\` (packages/tools/scripts/readmeTables.ts) from the tool definitions and core's decorators.
// Do not edit: change a tool's \`member\` or \`action\`, then run it again.
import type { ToolFamily } from "../config/types.js";

/**
 * One tool of the catalog: its name and family, and what it does in the SDK's words: the client member
 * (\`aave.prepareSupply\`, on \`createSdkClient()\` or a client extended with the group) and the exported action of
 * \`@preflow/core\` it runs (\`prepareAaveSupply\`); \`null\` when the tool has no SDK counterpart (the wallet, the
 * execution record, the policy). @internal
 */
export interface ToolCatalogEntry {
  readonly name: string;
  readonly family: ToolFamily;
  readonly member: string | null;
  readonly action: string | null;
}

/**
 * Every tool's name, family, client member and exported action, in listing order: the static tool list the
 * server answers \`tools/list\` from without loading the tools themselves. @internal
 */
export const TOOL_CATALOG: readonly ToolCatalogEntry[] = [
${rows
  .map(
    (row) =>
      `  ${JSON.stringify(row)
        .replace(/"(\w+)":/g, "$1: ")
        .replace(/,(?=\w+: )/g, ", ")
        .replace(/^\{/, "{ ")
        .replace(/\}$/, " }")},`,
  )
  .join("\n")}
];
`;
  const memberTable = `// Generated by \`pnpm readme:tables\` (packages/tools/scripts/readmeTables.ts) from core's decorators. Do not edit.

/** Every client member of core's groups (\`"group.member"\`) and the exported action it runs. */
export const CLIENT_MEMBER_ACTIONS: Readonly<Record<string, string>> = {
${Object.entries(members)
  .map(([member, action]) => `  "${member}": "${action}",`)
  .join("\n")}
};
`;
  const sdkTable = [
    "| tool | family | client member | exported action |",
    "|---|---|---|---|",
    ...rows.map((row) => `| \`${row.name}\` | ${row.family} | ${code(row.member)} | ${code(row.action)} |`),
  ].join("\n");
  const toolTable = [
    "| tool | family | input | what it is | client member or action |",
    "| --- | --- | --- | --- | --- |",
    ...TOOLS.map((tool, index) => {
      const row = rows[index]!;
      return `| \`${tool.name}\` | ${tool.family} | ${inputFields(tool)} | ${tool.title} | ${code(row.member ?? row.action)} |`;
    }),
  ].join("\n");
  const families = [...new Set(rows.map((row) => row.family))];
  const familyTable = [
    `| family | tools (${rows.length}) |`,
    "|---|---|",
    ...families.map(
      (family) =>
        `| ${family} | ${rows
          .filter((row) => row.family === family)
          .map((row) => `\`${row.name}\``)
          .join(", ")} |`,
    ),
  ].join("\n");
  return {
    files: {
      "packages/tools/src/tools/catalog.generated.ts": catalog,
      "packages/core/test/support/clientMemberActions.generated.ts": memberTable,
    },
    sections: {
      "packages/core/README.md#tool-members": sdkTable,
      "packages/tools/README.md#tools": toolTable,
      "README.md#tool-families": familyTable,
    },
  };
}

/** Replaces the text between a file's markers of `name`; throws when the markers are missing. */
export function replaceSection(text: string, name: string, body: string, file: string): string {
  const start = `<!-- generated:${name} (pnpm readme:tables) -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file}: no markers ${start} ... ${end}`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

/** Every target's current text and the generated one, by path (`file#section` for README sections). */
export function compareTargets(): { target: string; current: string; generated: string }[] {
  const { files, sections } = renderTargets();
  const result = Object.entries(files).map(([path, generated]) => ({
    target: path,
    current: existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), "utf8") : "",
    generated,
  }));
  const byFile = new Map<string, [string, string][]>();
  for (const [target, body] of Object.entries(sections)) {
    const [file, name] = target.split("#") as [string, string];
    byFile.set(file, [...(byFile.get(file) ?? []), [name, body]]);
  }
  for (const [file, parts] of byFile) {
    const current = readFileSync(join(ROOT, file), "utf8");
    let generated = current;
    for (const [name, body] of parts) generated = replaceSection(generated, name, body, file);
    result.push({ target: file, current, generated });
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const stale = compareTargets().filter((entry) => entry.current !== entry.generated);
  for (const entry of stale) {
    if (check) console.error(`${entry.target} differs from the code: run \`pnpm readme:tables\``);
    else writeFileSync(join(ROOT, entry.target), entry.generated);
  }
  if (!check) console.log(`readme:tables: ${stale.length} file(s) rewritten`);
  if (check && stale.length > 0) process.exitCode = 1;
}
