// pnpm --filter @preflow/tools bench (after bench/index.mjs)
// The store's cost against today's JSON files, in the same run, as ratios:
// 1. Per execution: what one 1-step execution writes, call for call as executeFlow makes them. The store: under the
//    signer's lock, the spend reserved with the day's caps, the record 5 times (running, the write-ahead with the
//    step's signed bytes, sent, the step's receipt, done), the spend bound to the hash, its fee settled (SQLite,
//    WAL; durable commits only for the write-ahead and the end). The commits and durable (fsynced) commits it made
//    are printed too. The peer, as the JSON files were written: executions.json rewritten whole 4 times
//    (temporary file + rename, never fsynced) and spending.json twice, with the same number of records there.
//    A second peer writes the same JSON files but fsyncs the write-ahead and the end as a durable replace needs
//    (the file, then its directory): what the files would cost with the store's durability.
// 2. Start-up of the state (the first executing tool): opening the store (migrations checked) and loading the
//    signer's records, against reading and parsing executions.json and spending.json.
// The store's modules are bundled with esbuild from the source (they are chunks of dist, loaded on first use).
import { randomUUID } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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
const record = (n, state = "done", bytes = false, status = state === "done" ? "success" : "pending") => ({
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
      status,
      nonce: n,
      ...(bytes ? { signedTransaction: `0x02f8${"ab".repeat(110)}` } : {}),
    },
  ],
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** As the JSON files were written (never fsynced); `durable`: fsynced as a durable replace needs (file, then directory). */
function writeJsonAtomic(file, value, durable = false) {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  if (!durable) {
    writeFileSync(temporary, `${JSON.stringify(value)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
    return;
  }
  const fd = openSync(temporary, "w", 0o600);
  writeSync(fd, `${JSON.stringify(value)}\n`);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temporary, file);
  const dir = openSync(dirname(file), "r");
  fsyncSync(dir);
  closeSync(dir);
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
  // `durable`: the same writes, the write-ahead (2nd) and the end (4th) of executions.json made durable, as the store's.
  const jsonRun = (run, durable) => {
    const started = performance.now();
    const current = record(existing + run, "running", true);
    for (let write = 0; write < 4; write++) {
      const value = { version: 1, executions: { [SIGNER]: [...list, current] } };
      writeJsonAtomic(executionsFile, value, durable && write % 2 === 1);
    }
    for (let write = 0; write < 2; write++) {
      writeJsonAtomic(spendingFile, {
        version: 1,
        spends: { [SIGNER]: [...spends, { token: USDM, amount: "1", at: Date.now(), hash: hex(run) }] },
      });
    }
    return performance.now() - started;
  };
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
  const storeRun = async (run) => {
    const started = performance.now();
    const n = existing + run;
    const running = {
      ...record(n, "running"),
      steps: [{ ...record(n).steps[0], hash: null, status: "queued" }],
    };
    const signed = record(n, "running", true);
    signed.steps[0].sent = "unknown";
    const sent = { ...signed, steps: [{ ...signed.steps[0], sent: true }] };
    const mined = {
      ...record(n, "running", false, "success"),
      steps: [{ ...record(n).steps[0], sent: true }],
    };
    const key = `flow:${signed.flowId}:0:${randomUUID()}`;
    await store.withSignerLock(SIGNER, async () => {
      await store.reserveSpends({
        signer: SIGNER,
        items: [
          {
            key,
            source: { kind: "flow", flowId: signed.flowId, step: 0 },
            amounts: [{ token: USDM, amount: 1n }],
          },
        ],
        caps,
        now: Date.now(),
      });
      await store.putExecution(SIGNER, running);
      await store.putExecution(SIGNER, signed);
      await store.bindSpend({ signer: SIGNER, key, hash: signed.steps[0].hash });
      await store.putExecution(SIGNER, sent);
      await store.putExecution(SIGNER, mined);
      await store.settleFee({ signer: SIGNER, hash: signed.steps[0].hash, paid: 0n });
      await store.putExecution(SIGNER, { ...mined, state: "done", outcome: "success" });
    });
    return performance.now() - started;
  };
  // Interleaved, one execution of each at a time: the three see the same load of the machine.
  const json = [];
  const jsonDurable = [];
  const sqlite = [];
  const before = store.commitCounts();
  for (let run = 0; run < RUNS; run++) {
    json.push(jsonRun(run, false));
    jsonDurable.push(jsonRun(run, true));
    sqlite.push(await storeRun(run));
  }
  const after = store.commitCounts();
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
    `store, ${existing} records: per execution ${median(sqlite).toFixed(2)} ms (SQLite) vs ${median(json).toFixed(2)} ms (JSON files): ${perExecution.toFixed(2)}x; ${(after.commits - before.commits) / RUNS} commits, ${(after.durable - before.durable) / RUNS} durable (fsynced)`,
  );
  console.log(
    `store, ${existing} records: per execution against JSON files fsynced at the same two points: ${median(jsonDurable).toFixed(2)} ms: ${(median(sqlite) / median(jsonDurable)).toFixed(2)}x`,
  );
  console.log(
    `store, ${existing} records: opening and loading ${median(storeLoad).toFixed(2)} ms (SQLite) vs ${median(jsonLoad).toFixed(2)} ms (JSON files): ${(median(storeLoad) / median(jsonLoad)).toFixed(2)}x`,
  );
  rmSync(jsonDir, { recursive: true, force: true });
  rmSync(storeDir, { recursive: true, force: true });
}
if (!process.env.KEEP_BENCH_BUNDLE) rmSync(out, { recursive: true, force: true });
