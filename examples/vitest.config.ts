import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // PREFLOW_FC_RUNS=n raises fast-check's numRuns (see the file); without it nothing changes. vitest.tempdir.ts gives
    // each test file a temporary folder of its own (TMPDIR), removed when the file ends.
    setupFiles: ["../vitest.fastcheck.ts", "../vitest.tempdir.ts"],
    include: ["test/**/*.test.ts"],
    globalSetup: ["@preflow/devnet/vitest-setup"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
