// `pnpm bench` for the devnet: start-up time by phase and resident memory of each part, over a few starts,
// alternating a plain start (tests) with one that funds the accounts with every token (what `pnpm devnet` does).
// Figures only; nothing here asserts on time.
import { readFileSync } from "node:fs";
import { startDevnet } from "../dist/index.js";

const RUNS = Number(process.env.DEVNET_BENCH_RUNS ?? 3);

function rssMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Math.round(Number(line.replace(/\D+/g, "")) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const rows = [];
const fundedRows = [];
for (let i = 0; i < RUNS; i++) {
  const funded = await startDevnet({ fundAccounts: { amount: "10000" } });
  fundedRows.push(funded.timings);
  await funded.stop();
  const devnet = await startDevnet();
  rows.push({
    ...devnet.timings,
    anvilMiB: rssMiB(devnet.pids.anvil),
    bundlerMiB: rssMiB(devnet.pids.bundler),
    harnessMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
  });
  await devnet.stop();
}
const medianOf = (list, k) => list.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(list.length / 2)];
const median = (k) => medianOf(rows, k);
console.log(
  `devnet start-up over ${RUNS} runs (milliseconds; memory is resident set size in MiB after start)`,
);
console.table(rows);
console.log(
  `median: total ${median("totalMs")} ms (anvil ${median("anvilMs")}, contracts+tokens ${median("contractsMs")}, ` +
    `bundler ${median("bundlerMs")} in parallel, sponsor ${median("sponsorMs")}); ` +
    `memory anvil ${median("anvilMiB")} MiB, alto ${median("bundlerMiB")} MiB, harness ${median("harnessMiB")} MiB; ` +
    `budget 4000 ms -> ${(median("totalMs") / 4000).toFixed(2)}x of budget`,
);
console.log(
  `funded like \`pnpm devnet\` (10,000 of every token to each of the 7 accounts): median total ` +
    `${medianOf(fundedRows, "totalMs")} ms, minting ${medianOf(fundedRows, "fundMs")} ms while alto starts; ` +
    `${(medianOf(fundedRows, "totalMs") / median("totalMs")).toFixed(2)}x the plain start`,
);
