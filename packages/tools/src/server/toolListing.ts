import type { Tool } from "@modelcontextprotocol/server";
import { z } from "zod/v4";
import { toolErrorSchema } from "../schemas/common.js";
import type { ToolDefinition } from "../tools/context.js";
import { uiMetaOf } from "./flowViewResource.js";

/** Replaces every empty sub-schema `{}` (anything) with `true`, its explicit spelling. */
function noEmptySchemas(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(noEmptySchemas);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length === 0) return true;
  return Object.fromEntries(
    entries.map(([key, entry]) => [
      key,
      // `properties`, `definitions`: maps of names to schemas; an empty map stays a map.
      (key === "properties" || key === "definitions") &&
      typeof entry === "object" &&
      entry !== null &&
      Object.keys(entry).length === 0
        ? entry
        : noEmptySchemas(entry),
    ]),
  );
}

/**
 * Spells a list of types (`type: ["string", "null"]`, which zod 4.6 writes for a union of plain types) as `anyOf` of
 * one type each, as before: strict validators (Ajv's `strictTypes`) refuse union types, and the listing stays the same.
 */
function singleTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(singleTypes);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, entry]) => [key, singleTypes(entry)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (!Array.isArray(object.type)) return object;
  const { type, description, ...rest } = object;
  const anyOf = (type as string[]).map((one) => ({ type: one, ...rest }));
  return { ...(description === undefined ? {} : { description }), anyOf };
}

/** JSON Schema (draft-07) of a zod schema, with `type: "object"` at the root as MCP wants it. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Tool["inputSchema"] {
  const json = z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "throw" }) as Record<
    string,
    unknown
  >;
  return {
    ...(singleTypes(noEmptySchemas(json)) as Record<string, unknown>),
    type: "object",
  } as Tool["inputSchema"];
}

type JsonSchema = Record<string, unknown> | boolean;

/** A property's schema without its inner structure: type (or nullable types), enum, const, description. */
function topOfProperty(schema: JsonSchema): JsonSchema {
  if (typeof schema === "boolean") return schema;
  const kept: Record<string, unknown> = {};
  for (const key of ["type", "enum", "const", "description"]) if (key in schema) kept[key] = schema[key];
  if (Array.isArray(schema.anyOf)) {
    const types = [
      ...new Set(
        (schema.anyOf as Record<string, unknown>[])
          .map((branch) => branch.type)
          .filter((type) => typeof type === "string"),
      ),
    ];
    if (types.length === (schema.anyOf as unknown[]).length) kept.anyOf = types.map((type) => ({ type }));
  }
  return Object.keys(kept).length === 0 ? true : kept;
}

/** An object schema (or a union of them) with its properties cut to their top: see {@link topOfProperty}. */
function topOfObject(schema: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(schema.anyOf)) {
    return {
      ...(schema.description ? { description: schema.description } : {}),
      anyOf: (schema.anyOf as Record<string, unknown>[]).map(topOfObject),
    };
  }
  const out: Record<string, unknown> = { type: "object" };
  if (schema.description) out.description = schema.description;
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, JsonSchema>).map(([key, value]) => [
        key,
        topOfProperty(value),
      ]),
    );
  }
  if (schema.required) out.required = schema.required;
  if ("additionalProperties" in schema) out.additionalProperties = schema.additionalProperties;
  return out;
}

/**
 * The output schema as advertised: the full one cut to the result's top level (field names, types, enums,
 * descriptions, required fields, no unknown fields). Clients compile every output schema on each
 * `tools/list` (the MCP SDK client with Ajv), and the full schemas made that cost more than the server's
 * whole start; the server checks every result against the full schema before answering. @internal
 */
export function advertisedOutputSchema(full: Tool["inputSchema"]): Tool["outputSchema"] {
  const { $schema, definitions: _definitions, ...rest } = full as Record<string, unknown>;
  return {
    ...(typeof $schema === "string" ? { $schema } : {}),
    ...topOfObject(rest),
    type: "object",
  } as Tool["outputSchema"];
}

/** The full JSON Schema of a tool's results (success or `{ error }`), for tests and documentation. @internal */
export function fullOutputSchema(tool: ToolDefinition): Tool["inputSchema"] {
  return jsonSchema(z.union([tool.output, toolErrorSchema]), "output");
}

/**
 * The `tools/list` entries of the tools: input schemas (strict), output schemas (the result, or `{ error }`),
 * annotations, MCP Apps' `_meta.ui`. Computed at build time into `dist/tool-listing.json`, so that the binary answers `tools/list`
 * without building any schema. @internal
 */
export function buildToolListing(tools: readonly ToolDefinition[]): Tool[] {
  return tools.map((tool) => {
    const ui = uiMetaOf(tool);
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchema(tool.input, "input"),
      outputSchema: advertisedOutputSchema(fullOutputSchema(tool)),
      annotations: { title: tool.title, ...tool.annotations },
      // MCP Apps: the flow view renders this tool's results (`approve_flow`: callable by the view only).
      ...(ui ? { _meta: { ui } } : {}),
    };
  });
}
