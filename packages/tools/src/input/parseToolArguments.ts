import { nearestKey } from "@preflow/errors";
import type { z } from "zod/v4";
import { InvalidInputError, UnknownArgumentError } from "../errors/input.js";

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  getter?: () => z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** The keys an object schema at `path` accepts (through optional, array, union and lazy wrappers). */
function keysAt(schema: z.ZodType, path: Path): string[] {
  let def = defOf(schema);
  for (let guard = 0; guard < 64; guard++) {
    if (def.type === "optional" || def.type === "nullable" || def.type === "default") {
      def = defOf(def.innerType as z.ZodType);
    } else if (def.type === "lazy") def = defOf((def.getter as () => z.ZodType)());
    else if (def.type === "union") {
      const object = (def.options ?? []).find((option) => defOf(option).type === "object");
      if (!object) return [];
      def = defOf(object);
    } else if (path.length === 0) break;
    else if (def.type === "object") {
      const next = def.shape?.[String(path[0])];
      if (!next) return [];
      def = defOf(next);
      path = path.slice(1);
    } else if (def.type === "array") {
      def = defOf(def.element as z.ZodType);
      path = path.slice(1);
    } else if (def.type === "record") {
      def = defOf(def.valueType as z.ZodType);
      path = path.slice(1);
    } else return [];
  }
  return def.type === "object" ? Object.keys(def.shape ?? {}) : [];
}

/**
 * Every argument name a tool's input schema accepts, at any depth (through optional, array, union, record and
 * lazy wrappers): what errors may name. Cycles (lazy schemas) are walked once. @internal
 */
export function argumentNamesOf(schema: z.ZodType): Set<string> {
  const names = new Set<string>();
  const seen = new Set<SchemaDef>();
  const walk = (current: z.ZodType | undefined): void => {
    if (current === undefined) return;
    const def = defOf(current);
    if (seen.has(def)) return;
    seen.add(def);
    if (def.type === "lazy") walk((def.getter as () => z.ZodType)());
    for (const inner of [def.innerType, def.element, def.valueType, ...(def.options ?? [])]) walk(inner);
    for (const [name, field] of Object.entries(def.shape ?? {})) {
      names.add(name);
      walk(field);
    }
  };
  try {
    walk(schema);
  } catch {
    // A schema of an unexpected shape: the names found so far.
  }
  return names;
}

/** The issues of a failed parse with union branches resolved to the branch that fits the value's type. */
function flatten(issues: readonly Issue[], prefix: Path = []): { issue: Issue; path: Path }[] {
  const out: { issue: Issue; path: Path }[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const typeOnly = (branch: readonly Issue[]) =>
        branch.length === 1 && branch[0]?.code === "invalid_type" && branch[0].path.length === 0;
      const branch = issue.errors.find((candidate) => !typeOnly(candidate));
      if (branch) {
        out.push(...flatten(branch, path));
        continue;
      }
    }
    out.push({ issue, path });
  }
  return out;
}

const render = (path: Path): string =>
  path.reduce<string>(
    (text, part) =>
      typeof part === "number" ? `${text}[${part}]` : text === "" ? String(part) : `${text}.${String(part)}`,
    "",
  );

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const part of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/** What a type issue expected: `string`, or the branches of a union of types (`object or string`). */
function expectedOf(issue: Issue): string | undefined {
  if (issue.code === "invalid_type") return issue.expected;
  if (issue.code !== "invalid_union") return undefined;
  const kinds = issue.errors.map((branch) =>
    branch.length === 1 && branch[0]?.code === "invalid_type" ? branch[0].expected : undefined,
  );
  return kinds.length > 0 && kinds.every((kind) => kind !== undefined)
    ? [...new Set(kinds)].join(" or ")
    : undefined;
}

/** Whether the last key of `path` is absent from its object (JSON has no `undefined`: absent is missing). */
function isMissing(value: unknown, path: Path): boolean {
  if (path.length === 0) return false;
  const parent = valueAt(value ?? {}, path.slice(0, -1));
  return (
    typeof parent === "object" &&
    parent !== null &&
    !Array.isArray(parent) &&
    !Object.hasOwn(parent, path[path.length - 1] as PropertyKey)
  );
}

/**
 * Validates a tool's arguments against its strict input schema before anything else happens. An unknown key
 * anywhere is refused first, with {@link UnknownArgumentError} naming it and the nearest valid key; any other
 * mismatch gives {@link InvalidInputError} naming the field and the rule. @internal
 */
export function parseToolArguments<Schema extends z.ZodType>(
  tool: string,
  schema: Schema,
  args: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const issues = flatten(parsed.error.issues);
  const unknown = issues.find(({ issue }) => issue.code === "unrecognized_keys");
  if (unknown && unknown.issue.code === "unrecognized_keys") {
    const key = unknown.issue.keys[0] ?? "";
    const valid = keysAt(schema, unknown.path);
    throw new UnknownArgumentError({
      tool,
      path: render([...unknown.path, key]),
      suggestion: nearestKey(key, valid),
      valid,
    });
  }
  const first = issues[0] as { issue: Issue; path: Path };
  if (isMissing(args, first.path)) {
    const expected = expectedOf(first.issue);
    throw new InvalidInputError({
      tool,
      path: render(first.path),
      value: undefined,
      rule: expected === undefined ? "a value is needed" : `expected ${expected}`,
      missing: true,
    });
  }
  const rule = first.issue.message.replace(/^Invalid input: /, "");
  throw new InvalidInputError({
    tool,
    path: render(first.path) || "(arguments)",
    value: valueAt(args, first.path),
    rule,
  });
}
