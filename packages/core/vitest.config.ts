import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // No test may send telemetry to the real endpoint; the wiring test turns it back on against a local sink.
    env: { DO_NOT_TRACK: "1" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
