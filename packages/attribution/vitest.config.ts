import { defineConfig } from "vitest/config";

// Two projects: `unit` needs nothing but Node (run it alone with `vitest run --project unit`); `devnet`
// starts one @preflow/devnet for the bundle test (`*.devnet.test.ts`).
export default defineConfig({
  test: {
    // PREFLOW_FC_RUNS=n raises fast-check's numRuns (see the file); without it nothing changes.
    setupFiles: ["../../vitest.fastcheck.ts"],
    // Property tests run tens of thousands of cases; leave room on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 240_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.devnet.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "devnet",
          include: ["test/**/*.devnet.test.ts"],
          globalSetup: ["@preflow/devnet/vitest-setup"],
        },
      },
    ],
  },
});
