import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Property tests run tens of thousands of cases; leave room on a busy machine.
    testTimeout: 60_000,
  },
});
