import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // PREFLOW_FC_RUNS=n raises fast-check's numRuns (see the file); without it nothing changes.
    setupFiles: ["../../vitest.fastcheck.ts"],
    include: ["test/**/*.test.ts"],
    // One devnet per test run (anvil at chain 42220): the registry test deploys the agent registry there.
    globalSetup: ["@preflow/devnet/vitest-setup"],
    env: { DO_NOT_TRACK: "1" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
