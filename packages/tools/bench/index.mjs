// pnpm --filter @preflow/tools bench
// 1. Start-up: time from spawning the built `preflow-tools` binary to the answer of its first tools/list.
// 2. check_attribution_tag on calldata: per-call latency through the server (stdio, JSON-RPC, zod, JSON), with
//    checkAttributionInCalldata called in-process as the peer.
// Needs no chain: the server starts without a key and the calldata check makes no RPC call.
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { appendSdkCalldataTag, checkAttributionInCalldata } from "@preflow/attribution";

import { TOOL_NAMES } from "../dist/index.js";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const ENV = { DO_NOT_TRACK: "1", RPC_URL: "http://127.0.0.1:9", PREFLOW_ATTRIBUTION_TAGS: "bench" };
const STARTS = 5;
const CALLS = 500;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value) => `${value.toFixed(value < 1 ? 4 : 1)} ms`;

async function connect() {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: ENV,
    stderr: "ignore",
  });
  const client = new Client({ name: "preflow-tools-bench", version: "0.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  return { client, elapsed: performance.now() - started, tools: tools.length };
}

// Peer for the start-up figure: spawning bare `node -e 0`.
async function bareNode() {
  const { spawn } = await import("node:child_process");
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", resolve);
  });
  return performance.now() - started;
}

const startups = [];
const bare = [];
for (let run = 0; run < STARTS; run++) {
  const { client, elapsed, tools } = await connect();
  if (tools !== TOOL_NAMES.length) throw new Error(`expected ${TOOL_NAMES.length} tools, got ${tools}`);
  startups.push(elapsed);
  await client.close();
  bare.push(await bareNode());
}

const calldata = appendSdkCalldataTag(`0xa9059cbb${"00".repeat(12)}${"11".repeat(20)}${"00".repeat(31)}01`, [
  "bench",
  "builder_0123456789ab",
]);
const { client } = await connect();
for (let i = 0; i < 50; i++)
  await client.callTool({ name: "check_attribution_tag", arguments: { calldata, tag: "bench" } });
const latencies = [];
for (let i = 0; i < CALLS; i++) {
  const started = performance.now();
  const result = await client.callTool({
    name: "check_attribution_tag",
    arguments: { calldata, tag: "bench" },
  });
  latencies.push(performance.now() - started);
  if (result.isError || result.structuredContent?.matched !== true) throw new Error("unexpected result");
}
await client.close();

const LOCAL = 200_000;
let sink = 0;
for (let i = 0; i < 10_000; i++) sink += checkAttributionInCalldata(calldata, "bench").tags.length;
const localStarted = performance.now();
for (let i = 0; i < LOCAL; i++) sink += checkAttributionInCalldata(calldata, "bench").tags.length;
const local = (performance.now() - localStarted) / LOCAL;
if (sink === 0) throw new Error("unreachable");

const startup = median(startups);
const call = median(latencies);
console.log(`@preflow/tools bench (node ${process.version})`);
console.log(
  `start-up, spawn -> first tools/list answer: median ${ms(startup)} over ${STARTS} runs (min ${ms(Math.min(...startups))}, max ${ms(Math.max(...startups))})`,
);
console.log(
  `  peer, spawn -> exit of bare "node -e 0": median ${ms(median(bare))}; ratio ${(startup / median(bare)).toFixed(1)}x`,
);
console.log(
  `check_attribution_tag on calldata over stdio: median ${ms(call)}, p95 ${ms(percentile(latencies, 0.95))} over ${CALLS} calls (${Math.round(1000 / call)} calls/s sequential)`,
);
console.log(
  `  peer, checkAttributionInCalldata in-process: ${ms(local)} per call; ratio ${Math.round(call / local)}x`,
);
