import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};

export default defineConfig({
  define: { __PREFLOW_CORE_VERSION__: JSON.stringify(version) },
  test: {
    // PREFLOW_FC_RUNS=n raises fast-check's numRuns (see the file); without it nothing changes.
    setupFiles: ["../../vitest.fastcheck.ts"],
    include: ["test/**/*.test.ts"],
    // One devnet per test run (anvil at chain 42220 with the tokens at their mainnet addresses), with the
    // Ethereum chain (id 1, ENS) that client.ens resolves "ethereum" names on.
    globalSetup: ["@preflow/devnet/vitest-setup-ethereum"],
    // No test may send telemetry to the real endpoint; the wiring test turns it back on against a local sink.
    env: { DO_NOT_TRACK: "1" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
