import { defineConfig } from "tsup";

export default defineConfig({
  // `controls`: flushTelemetry and the settings' names without the client (see src/controls.ts).
  entry: { index: "src/index.ts", controls: "src/controls.ts" },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  treeshake: true,
  // One file per entry, no shared chunk: the client (`index`) loads on its own when the SDK imports it lazily,
  // and `controls` stays a few lines (its flush registry is shared through `globalThis`, as the ESM and CJS
  // builds already share it).
  splitting: false,
});
