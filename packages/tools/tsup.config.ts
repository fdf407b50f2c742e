import { writeFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { buildFlowView } from "./scripts/buildFlowView.js";
import { buildToolListing } from "./src/server/toolListing.js";
import { TOOLS_VERSION } from "./src/server/version.js";
import { TOOLS } from "./src/tools/registry.js";

export default defineConfig([
  {
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    // Leave the binary alone: it is built by the second entry, in parallel.
    clean: ["**/*", "!bin.js", "!bin.js.map", "!tool-listing.json", "!flow-view.html"],
    target: "es2022",
    treeshake: true,
  },
  {
    entry: { bin: "src/bin.ts" },
    format: ["esm"],
    dts: false,
    sourcemap: true,
    clean: false,
    target: "es2022",
    banner: { js: "#!/usr/bin/env node" },
    // The tools/list answer, computed once here so the binary builds no schema at start.
    onSuccess: async () => {
      writeFileSync(
        "dist/tool-listing.json",
        `${JSON.stringify({ version: TOOLS_VERSION, tools: buildToolListing(TOOLS) })}\n`,
      );
      // The flow view (MCP Apps), one self-contained HTML file read on the first resources/read.
      await buildFlowView("dist/flow-view.html");
    },
  },
]);
