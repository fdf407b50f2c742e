#!/usr/bin/env node
// Seed sweep: runs every fast-check property file that needs no devnet several times (each run a fresh random
// seed), with fast-check's global numRuns raised by PREFLOW_FC_RUNS, to find the seeds on which a property fails
// before CI's random seed does. Writes one log per file and run under the output directory and prints a summary.
//
//   node scripts/fc-sweep.mjs [--runs 2000] [--repeat 3] [--out /tmp/fc-sweep] [file filter...]
//
// A property that names its own numRuns keeps it (only the repeats add seeds). Files that start a devnet
// (`*.devnet.test.ts` and those listed in NEEDS_DEVNET) are left to the ordinary suite.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const runs = option("runs", "2000");
const repeat = Number(option("repeat", "3"));
const out = resolve(option("out", "/tmp/fc-sweep"));
const filters = args;

// Property files whose tests read a running devnet (their properties run in the ordinary suite).
const NEEDS_DEVNET = new Set([
  "packages/aa/test/deriveSmartAccountAddress.test.ts",
  "packages/budget/test/budget.unit.test.ts",
  "packages/core/test/aave.property.test.ts",
  "packages/core/test/faults.strictDecoding.test.ts",
  "packages/core/test/resolveConfig.test.ts",
  "packages/devnet/test/blockProducer.test.ts",
  "packages/devnet/test/faultProxy.test.ts",
  "packages/telemetry/test/localRpc.test.ts",
  "packages/telemetry/test/properties.test.ts",
  "packages/tools/test/formatError.test.ts",
  "packages/tools/test/landedExecution.test.ts",
  "packages/tools/test/toolLanguage.test.ts",
]);

const packageDirs = [
  ...readdirSync(join(root, "packages")).map((name) => join(root, "packages", name)),
  join(root, "examples"),
];
const files = [];
for (const dir of packageDirs) {
  let entries;
  try {
    entries = readdirSync(join(dir, "test"), { recursive: true });
  } catch {
    continue;
  }
  for (const entry of entries) {
    const file = join(dir, "test", entry);
    if (!file.endsWith(".test.ts") || file.endsWith(".devnet.test.ts")) continue;
    const rel = relative(root, file);
    if (NEEDS_DEVNET.has(rel)) continue;
    if (filters.length > 0 && !filters.some((f) => rel.includes(f))) continue;
    const text = readFileSync(file, "utf8");
    const properties = (text.match(/fc\.assert\(/g) ?? []).length;
    if (properties > 0) files.push({ dir, rel, properties });
  }
}

mkdirSync(out, { recursive: true });
const summary = [];
for (const { dir, rel, properties } of files) {
  for (let round = 1; round <= repeat; round++) {
    const started = Date.now();
    const result = spawnSync(
      "pnpm",
      [
        "exec",
        "vitest",
        "run",
        "--config",
        join(root, "scripts/fc-sweep.config.ts"),
        relative(dir, join(root, rel)),
      ],
      {
        cwd: dir,
        env: { ...process.env, PREFLOW_SWEEP_DIR: dir, PREFLOW_FC_RUNS: runs, FORCE_COLOR: "0" },
        encoding: "utf8",
        timeout: 1_800_000,
      },
    );
    const log = `${result.stdout}\n${result.stderr}`;
    const name = `${rel.replaceAll("/", "__")}.${round}.log`;
    writeFileSync(join(out, name), log);
    const line = `${result.status === 0 ? "ok  " : "FAIL"} ${rel} (${properties} fc.assert) round ${round} ${Math.round((Date.now() - started) / 1000)}s`;
    summary.push(line);
    console.log(line);
  }
}
writeFileSync(join(out, "summary.txt"), `${summary.join("\n")}\n`);
