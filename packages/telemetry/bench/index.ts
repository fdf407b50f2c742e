/**
 * In-process overhead of `telemetry.track` around a read, against calling the read directly, in the same
 * process. Telemetry is on and sends its batches to a real HTTP sink on 127.0.0.1 during the run, so the
 * cost of building, queueing, serializing and posting events is all included.
 *
 * Run: pnpm --filter @preflow/telemetry bench
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { createTelemetry, flushTelemetry } from "../src/index.js";

const ITERATIONS = 200_000;
const ROUNDS = 7;
const OWNER = "0x00000000000000000000000000000000000000AA";

// The sink runs in its own process, like a real (remote) endpoint: its CPU is not billed to the reads.
const sinkProcess = spawn(
  process.execPath,
  [
    "-e",
    `let batches = 0;
     const server = require("node:http").createServer((req, res) => {
       req.resume();
       req.on("end", () => { if (req.method === "POST") batches++; res.end('{"code":200}'); });
     });
     server.listen(0, "127.0.0.1", () => console.log(server.address().port));
     process.stdin.on("data", () => { console.log(batches); });
     process.stdin.on("end", () => process.exit(0));`,
  ],
  { stdio: ["pipe", "pipe", "inherit"] },
);
const lines = createInterface({ input: sinkProcess.stdout! })[Symbol.asyncIterator]();
const port = Number((await lines.next()).value);
const endpoint = `http://127.0.0.1:${port}/2/httpapi`;

// Default batching and limits, as an app gets them.
const telemetry = createTelemetry({ sdkVersion: "0.0.0", env: {}, deviceId: "bench", endpoint });

type Read = () => Promise<number>;
const reads: Record<string, Read> = {
  // The cheapest possible async read: a resolved promise. Shows the absolute cost per call.
  "trivial async read": async () => 42,
  // A read that yields to the event loop once, like any read that waits on I/O.
  "one event-loop turn": () => new Promise((resolve) => setImmediate(() => resolve(42))),
  // Closer to a real read: an HTTP round trip to a local server (the sink process), like a JSON-RPC call.
  "local HTTP read": async () => {
    const response = await fetch(`http://127.0.0.1:${port}/rpc`);
    await response.arrayBuffer();
    return 42;
  },
};
const callsPerRound: Record<string, number> = {
  "trivial async read": ITERATIONS,
  "one event-loop turn": ITERATIONS / 10,
  "local HTTP read": 300,
};

async function direct(read: Read, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await read();
  return performance.now() - start;
}

async function tracked(read: Read, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await telemetry.track("token.getBalance", OWNER, read);
  // Sending what this round queued is part of its cost (and must not spill into the next direct round).
  await telemetry.flush({ timeoutMs: 10_000 });
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(
  `@preflow/telemetry bench: ${ITERATIONS.toLocaleString("en")} calls x ${ROUNDS} rounds, median round`,
);
console.log("goal: overhead < 2% or < 20 µs per call\n");
for (const [name, read] of Object.entries(reads)) {
  const n = callsPerRound[name]!;
  await direct(read, n / 10); // warm up both paths
  await tracked(read, n / 10);
  const plain: number[] = [];
  const withTelemetry: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order so that drift (GC, JIT, CPU frequency) does not favour one side.
    if (round % 2 === 0) {
      plain.push(await direct(read, n));
      withTelemetry.push(await tracked(read, n));
    } else {
      withTelemetry.push(await tracked(read, n));
      plain.push(await direct(read, n));
    }
  }
  const plainUs = (median(plain) * 1000) / n;
  const trackedUs = (median(withTelemetry) * 1000) / n;
  const overheadUs = trackedUs - plainUs;
  const ratio = trackedUs / plainUs;
  const ok = overheadUs < 20 || ratio < 1.02;
  console.log(
    `${name.padEnd(20)} ${String(n).padStart(6)} calls | direct ${plainUs.toFixed(3)} µs/call | tracked ${trackedUs.toFixed(3)} µs/call | ` +
      `overhead ${overheadUs.toFixed(3)} µs/call | ratio ${ratio.toFixed(3)}x ${ok ? "(within goal)" : "(OVER GOAL)"}`,
  );
}

await flushTelemetry({ timeoutMs: 3_000 });
const stats = telemetry.stats();
sinkProcess.stdin!.write("count\n");
const received = Number((await lines.next()).value);
sinkProcess.stdin!.end();
console.log(
  `\nsink received ${received} batches; sent ${stats.sent} events, queue-full drops ${stats.dropped} ` +
    `(a loop that never yields outruns any sender; the bound holds), failed batches ${stats.failedBatches}`,
);
