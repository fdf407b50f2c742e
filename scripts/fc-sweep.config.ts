// vitest config for `scripts/fc-sweep.mjs`: runs one package's property files (PREFLOW_SWEEP_DIR names the
// package directory) without the devnet global setup its own config starts, with the shared fast-check setup
// (vitest.fastcheck.ts) that PREFLOW_FC_RUNS drives. Only for property files that need no devnet.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

const dir = resolve(process.env.PREFLOW_SWEEP_DIR ?? ".");
const { version } = JSON.parse(readFileSync(resolve(dir, "package.json"), "utf8")) as { version: string };

export default defineConfig({
  root: dir,
  // core's build-time constant (its own config defines it the same way).
  define: { __PREFLOW_CORE_VERSION__: JSON.stringify(version) },
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: [resolve(__dirname, "../vitest.fastcheck.ts")],
    env: { DO_NOT_TRACK: "1" },
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
  },
});
