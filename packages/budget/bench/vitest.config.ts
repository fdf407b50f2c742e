import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["bench/**/*.bench.ts"],
    globalSetup: ["@preflow/devnet/vitest-setup"],
    env: { DO_NOT_TRACK: "1" },
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
