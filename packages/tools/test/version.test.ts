import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { TOOLS_VERSION } from "../src/server/version.js";

it("reports the package version in the MCP handshake", () => {
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  expect(TOOLS_VERSION).toBe(version);
});
