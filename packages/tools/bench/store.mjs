// pnpm --filter @preflow/tools bench (after bench/index.mjs)
// The store's cost against today's JSON files, in the same run, as ratios:
// 1. Per execution: what one 1-step execution writes. The store: the record 4 times (running, signed with its
//    bytes, sent, done), the spend reserved with the day's caps, bound to the hash, its fee settled (SQLite, WAL,
//    synchronous FULL). The peer, as the JSON files were written: executions.json rewritten whole 4 times
//    (temporary file + rename) and spending.json twice, with the same number of records already there.
// 2. Start-up of the state (the first executing tool): opening the store (migrations checked) and loading the
//    signer's records, against reading and parsing executions.json and spending.json.
// The store's modules are bundled with esbuild from the source (they are chunks of dist, loaded on first use).
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

// Inside the package, so that the bundle's imports (better-sqlite3, pg) resolve as the server's do.
const out = fileURLToPath(new URL("../node_modules/.cache/preflow-store-bench/", import.meta.url));
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [fileURLToPath(new URL("../src/store/openToolServerStore.ts", import.meta.url))],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: join(out, "store.mjs"),
  logLevel: "silent",
});
const { openToolServerStore } = await import(pathToFileURL(join(out, "store.mjs")).href);

const SIGNER = "0x1111111111111111111111111111111111111111";
const USDM = "0x765de816845861e75a25fca122bb6898b8b1282a";
const RUNS = 200;
const hex = (n) => `0x${n.toString(16).padStart(64, "0")}`;
const record = (n, state = "done", bytes = false) => ({
  flowId: hex(n).slice(2),
  chainId: 42220,
  from: SIGNER,
  summary: "Send 1 USDm to 0x2222222222222222222222222222222222222222",
  state,
  outcome: state === "done" ? "success" : null,
  startedAt: new Date().toISOString(),
  finishedAt: null,
  steps: [
    {
      index: 0,
      description: "Transfer 1 USDm to 0x2222222222222222222222222222222222222222",
      to: USDM,
      hash: hex(n + 1_000_000),
      status: state === "done" ? "success" : "pending",
      nonce: n,
      ...(bytes ? { signedTransaction: `0x02f8${"ab".repeat(110)}` } : {}),
    },
  ],
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function writeJsonAtomic(file, value) {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

for (const existing of [100, 1_000]) {
  // The JSON files, as written before the store.
  const jsonDir = mkdtempSync(join(tmpdir(), "preflow-json-bench-"));
  const list = Array.from({ length: existing }, (_, n) => record(n));
  const spends = Array.from({ length: existing }, (_, n) => ({
    token: USDM,
    amount: "1",
    at: Date.now(),
    hash: hex(n),
  }));
  const executionsFile = join(jsonDir, "executions.json");
  const spendingFile = join(jsonDir, "spending.json");
  writeJsonAtomic(executionsFile, { version: 1, executions: { [SIGNER]: list } });
  writeJsonAtomic(spendingFile, { version: 1, spends: { [SIGNER]: spends } });
  const json = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const current = record(existing + run, "running", true);
    for (let write = 0; write < 4; write++) {
      writeJsonAtomic(executionsFile, { version: 1, executions: { [SIGNER]: [...list, current] } });
    }
    for (let write = 0; write < 2; write++) {
      writeJsonAtomic(spendingFile, {
        version: 1,
        spends: { [SIGNER]: [...spends, { token: USDM, amount: "1", at: Date.now(), hash: hex(run) }] },
      });
    }
    json.push(performance.now() - started);
  }
  const jsonLoad = [];
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    JSON.parse(readFileSync(executionsFile, "utf8"));
    JSON.parse(readFileSync(spendingFile, "utf8"));
    jsonLoad.push(performance.now() - started);
  }

  // The store (SQLite).
  const storeDir = mkdtempSync(join(tmpdir(), "preflow-sqlite-bench-"));
  mkdirSync(storeDir, { recursive: true });
  let store = await openToolServerStore({ stateDir: storeDir });
  for (const item of list) await store.putExecution(SIGNER, item);
  const caps = [{ token: USDM, limit: 10n ** 30n }];
  const sqlite = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const current = record(existing + run, "running", true);
    const key = `flow:${current.flowId}:0:${randomUUID()}`;
    await store.putExecution(SIGNER, current);
    await store.reserveSpends({
      signer: SIGNER,
      items: [
        {
          key,
          source: { kind: "flow", flowId: current.flowId, step: 0 },
          amounts: [{ token: USDM, amount: 1n }],
        },
      ],
      caps,
      now: Date.now(),
    });
    await store.putExecution(SIGNER, current);
    await store.bindSpend({ signer: SIGNER, key, hash: current.steps[0].hash });
    await store.putExecution(SIGNER, current);
    await store.putExecution(SIGNER, { ...current, state: "done", outcome: "success" });
    await store.settleFee({ signer: SIGNER, hash: current.steps[0].hash, paid: 0n });
    sqlite.push(performance.now() - started);
  }
  await store.close();
  const storeLoad = [];
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    store = await openToolServerStore({ stateDir: storeDir });
    await store.loadExecutions(SIGNER);
    storeLoad.push(performance.now() - started);
    await store.close();
  }
  const perExecution = median(sqlite) / median(json);
  console.log(
    `store, ${existing} records: per execution ${median(sqlite).toFixed(2)} ms (SQLite) vs ${median(json).toFixed(2)} ms (JSON files): ${perExecution.toFixed(2)}x`,
  );
  console.log(
    `store, ${existing} records: opening and loading ${median(storeLoad).toFixed(2)} ms (SQLite) vs ${median(jsonLoad).toFixed(2)} ms (JSON files): ${(median(storeLoad) / median(jsonLoad)).toFixed(2)}x`,
  );
  rmSync(jsonDir, { recursive: true, force: true });
  rmSync(storeDir, { recursive: true, force: true });
}
rmSync(out, { recursive: true, force: true });
