import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    // Leave the binary alone: it is built by the second entry, in parallel.
    clean: ["**/*", "!bin.js", "!bin.js.map"],
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
  },
]);
