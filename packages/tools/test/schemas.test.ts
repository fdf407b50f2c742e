// Every tool's input and output schema compiles with Ajv in strict mode: as the binary advertises them in
// tools/list (the build's listing), and in full (from the zod schemas). Every result of the stdio tests is
// validated against both (test/helpers/spawnServer.ts).
import { readFileSync } from "node:fs";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { buildToolListing, fullOutputSchema } from "../src/server/toolListing.js";
import { TOOLS_VERSION } from "../src/server/version.js";
import { TOOL_CATALOG } from "../src/tools/catalog.generated.js";
import { TOOLS } from "../src/tools/registry.js";
import { strictAjv } from "./helpers/spawnServer.js";

const built = JSON.parse(readFileSync(new URL("../dist/tool-listing.json", import.meta.url), "utf8")) as {
  version: string;
  tools: Tool[];
};

describe("tool schemas", () => {
  it("the static catalog, the registry and the built listing agree (names, families, order)", () => {
    expect(TOOLS.map((tool) => [tool.name, tool.family])).toEqual(
      TOOL_CATALOG.map((tool) => [tool.name, tool.family]),
    );
    expect(built.version).toBe(TOOLS_VERSION);
    expect(built.tools).toEqual(buildToolListing(TOOLS));
  });

  it("compiles every input and output schema with Ajv strict, advertised and full, with no empty {} sub-schema", () => {
    const ajv = strictAjv();
    for (const tool of built.tools) {
      expect(() => ajv.compile(tool.inputSchema as object), tool.name).not.toThrow();
      expect(() => ajv.compile(tool.outputSchema as object), tool.name).not.toThrow();
      expect(JSON.stringify([tool.inputSchema, tool.outputSchema])).not.toMatch(/(?<!"properties"):\{\}/);
    }
    for (const tool of TOOLS) {
      const full = fullOutputSchema(tool);
      expect(() => ajv.compile(full as object), tool.name).not.toThrow();
      expect(JSON.stringify(full)).not.toMatch(/(?<!"properties"):\{\}/);
    }
  });

  it("caps the length of every string input", () => {
    const uncapped: string[] = [];
    const walk = (schema: unknown, path: string): void => {
      if (typeof schema !== "object" || schema === null) return;
      const record = schema as Record<string, unknown>;
      if (
        record.type === "string" &&
        record.maxLength === undefined &&
        record.enum === undefined &&
        record.const === undefined
      ) {
        uncapped.push(path);
      }
      for (const [key, value] of Object.entries(record)) walk(value, `${path}.${key}`);
    };
    for (const tool of built.tools) walk(tool.inputSchema, tool.name);
    expect(uncapped).toEqual([]);
  });

  it("a flow_id is what the executing tools return: 64 lowercase hex digits, the README's maximum", () => {
    const input = built.tools.find((tool) => tool.name === "get_flow_status")?.inputSchema as unknown as {
      properties: { flow_id: { maxLength: number; pattern: string } };
    };
    const { maxLength, pattern } = input.properties.flow_id;
    const flowId = "ab".repeat(32);
    expect(maxLength).toBe(flowId.length);
    expect(new RegExp(pattern).test(flowId)).toBe(true);
    for (const bad of [`0x${flowId}`, flowId.toUpperCase(), flowId.slice(2)])
      expect(bad.length <= maxLength && new RegExp(pattern).test(bad), bad).toBe(false);
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    expect(readme).toContain(`\`flow_id\` ${maxLength},`);
  });
});
