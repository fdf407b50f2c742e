import { defineConfig } from "tsup";

// Private package: ESM only (its consumers are this repo's tests, benches and demo on Node 20+).
export default defineConfig({
  entry: [
    "src/index.ts",
    "src/vitest.ts",
    "src/vitestSetup.ts",
    "src/vitestSetupEthereum.ts",
    "src/cli.ts",
    "src/buildState.ts",
  ],
  format: ["esm"],
  dts: { entry: ["src/index.ts", "src/vitest.ts", "src/vitestSetup.ts", "src/vitestSetupEthereum.ts"] },
  sourcemap: true,
  clean: true,
  target: "node20",
  external: ["vitest", "vitest/node"],
});
