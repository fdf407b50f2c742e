import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Property tests run thousands of cases; leave room on a busy machine.
    testTimeout: 60_000,
  },
});
