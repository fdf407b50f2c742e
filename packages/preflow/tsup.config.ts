import { defineConfig } from "tsup";

// Only re-exports: the workspace packages stay external (they are dependencies), so `preflow` and
// `preflow/aa` are thin entries and `preflow` never pulls in permissionless.
export default defineConfig({
  entry: {
    index: "src/index.ts",
    aa: "src/aa.ts",
    "agent-id": "src/agent-id.ts",
    budget: "src/budget.ts",
    x402: "src/x402.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  treeshake: true,
});
