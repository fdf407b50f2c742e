#!/usr/bin/env node
// `pnpm test:shifted [offset]`: runs the date-sensitive tests again with the clock moved (default +40d), under
// Debian's libfaketime (`faketime`), which shifts every process a test starts: vitest, the tool servers it spawns,
// anvil, alto. The devnet must move its seeded timelines to the start time (governance stages, deadlines...), and
// nothing may depend on today's date or on when the prebuilt chain state was built (issue 39: "green on any day").
// Run after `pnpm test` (it uses the packages' builds). CI runs it at +40d; try +2d and +400d by hand.
//
// FAKETIME_DONT_FAKE_MONOTONIC=1: only the wall clock moves; monotonic clocks (Node's timers, performance.now,
// anvil's and alto's intervals) stay true, so timeouts and bounded waits keep their real lengths.
import { spawnSync } from "node:child_process";

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
 * the tool server's x402, approval, swap,
 * staking, GoodDollar and lending tools, and its agent budget (periods and expiry through the tool server). (@preflow/aa also passes at +400d; it is left out for CI's time.) */
const SUITES = [
  ["@preflow/devnet", []],
  ["@preflow/core", ["devnet"]],
  ["@preflow/x402", ["devnet"]],
  ["@preflow/agent-id", []],
  ["@preflow/budget", []],
  ["@preflow/tools", ["x402", "approval", "swap", "uniswapV4", "staking", "goodDollar", "lending", "budget"]],
];

const env = { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: "1" };
const shown = spawnSync("faketime", ["-f", offset, "date", "-u", "+%Y-%m-%dT%H:%M:%SZ"], {
  env,
  encoding: "utf8",
});
console.log(`test:shifted: clock moved ${offset} (the tests see ${shown.stdout.trim()})`);
const results = [];
for (const [pkg, filters] of SUITES) {
  const started = performance.now();
  const run = spawnSync(
    "faketime",
    ["-f", offset, "pnpm", "--filter", pkg, "exec", "vitest", "run", ...filters],
    { env, stdio: "inherit" },
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  results.push({ pkg, ok: run.status === 0, seconds });
  console.log(`test:shifted: ${pkg} ${run.status === 0 ? "passed" : "FAILED"} at ${offset} in ${seconds} s`);
}
const failed = results.filter((r) => !r.ok);
console.log(
  `test:shifted ${offset}: ${results.map((r) => `${r.pkg} ${r.ok ? "ok" : "FAILED"} (${r.seconds} s)`).join(", ")}`,
);
process.exit(failed.length === 0 ? 0 : 1);
