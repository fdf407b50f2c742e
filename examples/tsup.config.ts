import { defineConfig } from "tsup";

// `pnpm demo` runs the demo as compiled JavaScript on plain Node: no tsx, so no esbuild service process that
// could outlive the demo (see the process-group test in test/examples.test.ts).
export default defineConfig({
  entry: { "demo/main": "demo/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  dts: false,
  sourcemap: true,
});
