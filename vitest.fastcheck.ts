// Shared vitest setup file (every package's `setupFiles`): fast-check sweeps on demand.
//
// CI runs each property with fast-check's default random seed, so a property that can fail on some seed will
// one day redden CI. To look for those seeds before CI does, run a property file with many more cases:
//
//   PREFLOW_FC_RUNS=5000 pnpm --filter @preflow/core exec vitest run test/parseAmount.test.ts
//
// PREFLOW_FC_RUNS raises fast-check's global `numRuns` (a property that names its own `numRuns` keeps it; run
// the file several times to try several seeds: each run draws a fresh seed, and fast-check prints the seed and
// path of any failure). `scripts/fc-sweep.mjs` does that for every property file that needs no devnet. Without
// the variable this file changes nothing.
import fc from "fast-check";

const raw = process.env.PREFLOW_FC_RUNS;
if (raw !== undefined && raw !== "") {
  const numRuns = Number(raw);
  if (!Number.isSafeInteger(numRuns) || numRuns < 1) {
    throw new Error(`PREFLOW_FC_RUNS must be a positive integer, got ${JSON.stringify(raw.slice(0, 20))}`);
  }
  fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns });
}
