import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

export default defineConfig({
  define: { __PREFLOW_CORE_VERSION__: JSON.stringify(version) },
  test: {
    include: ["bench/**/*.bench.ts"],
    globalSetup: ["@preflow/devnet/vitest-setup"],
    env: { DO_NOT_TRACK: "1" },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
