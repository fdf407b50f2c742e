#!/usr/bin/env node
// `pnpm test:shifted [offset]`: runs the date-sensitive tests again with the clock moved (default +40d), under
// Debian's libfaketime (`faketime`), which shifts every process a test starts: vitest, the tool servers it spawns,
// anvil, alto. The devnet must move its seeded timelines to the start time (governance stages, deadlines...), and
// nothing may depend on today's date or on when the prebuilt chain state was built (issue 39: "green on any day").
// Run after `pnpm test` (it uses the packages' builds). CI runs it at +40d; try +2d and +400d by hand.
//
// FAKETIME_DONT_FAKE_MONOTONIC=1: only the wall clock moves; monotonic clocks (Node's timers, performance.now,
// anvil's and alto's intervals) stay true, so timeouts and bounded waits keep their real lengths.
import { spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

const offset = process.argv[2] ?? "+40d";
if (!/^[+-]\d+[smhdy]?$/.test(offset)) {
  console.error(
    `test:shifted: the offset must look like +40d, +2d, +400d or -3h (got ${JSON.stringify(offset)})`,
  );
  process.exit(2);
}
if (spawnSync("faketime", ["-f", offset, "true"]).status !== 0) {
  console.error(
    "test:shifted: Debian's `faketime` is missing: apt-get install faketime (.ci/run installs it)",
  );
  process.exit(2);
}

/** The date-sensitive suites: the devnet itself, core's chain tests (staking, governance, GoodDollar, swaps'
 * deadlines, Permit2 expirations, Aave's interest since the state's build), x402's authorizations, agent-id's signed
 * requests (their timestamps against `maxAgeMs`) and ERC-8004 registry, the agent budgets' periods and expiry, and
 * the tool server's x402, approval, swap, staking, GoodDollar and lending tools, and its agent budget (periods and
 * expiry through the tool server). Longest first, for the lanes below. (@preflow/aa also passes at +400d; it is left
 * out for CI's time.) */
const SUITES = [
  ["@preflow/core", ["devnet"]],
  ["@preflow/tools", ["x402", "approval", "swap", "uniswapV4", "staking", "goodDollar", "lending", "budget"]],
  ["@preflow/devnet", []],
  ["@preflow/budget", []],
  ["@preflow/x402", ["devnet"]],
  ["@preflow/agent-id", []],
];

const env = { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: "1" };
const shown = spawnSync("faketime", ["-f", offset, "date", "-u", "+%Y-%m-%dT%H:%M:%SZ"], {
  env,
  encoding: "utf8",
});
// Two suites at a time on a 2-core machine (each starts its own devnet on free ports), longest first: the order of
// SUITES. A suite's output is buffered and printed whole when it ends, so two suites never interleave their lines.
const lanes = Math.max(1, Math.min(SUITES.length, availableParallelism()));
console.log(
  `test:shifted: clock moved ${offset} (the tests see ${shown.stdout.trim()}), ${lanes} suites at a time`,
);

/** Runs one suite under faketime; resolves with its outcome once its output is printed. */
function runSuite([pkg, filters]) {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(
      "faketime",
      ["-f", offset, "pnpm", "--filter", pkg, "exec", "vitest", "run", ...filters],
      { env, stdio: ["ignore", "pipe", "pipe"] },
    );
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      console.log(`test:shifted: ${pkg} ${code === 0 ? "passed" : "FAILED"} at ${offset} in ${seconds} s`);
      done({ pkg, ok: code === 0, seconds });
    });
  });
}

const queue = [...SUITES];
const results = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let suite = queue.shift(); suite !== undefined; suite = queue.shift())
      results.push(await runSuite(suite));
  }),
);
const failed = results.filter((r) => !r.ok);
console.log(
  `test:shifted ${offset}: ${results.map((r) => `${r.pkg} ${r.ok ? "ok" : "FAILED"} (${r.seconds} s)`).join(", ")}`,
);
process.exit(failed.length === 0 ? 0 : 1);
