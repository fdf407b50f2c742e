// pnpm --filter @preflow/tools bench
// 1. Start-up: time from spawning a server to the answer of its first tools/list, for the built
//    `preflow-tools` binary and for the reference `@modelcontextprotocol/server-everything` (stdio), started
//    by the same MCP SDK client (1.32.2, the 2025 era) in the same run, alternately; printed as a ratio of medians
//    (target <= 1.1x). Then the binary again with a 2026-07-28 client (`@modelcontextprotocol/client` 2.4.0 pinned:
//    server/discover, then tools/list), against the same peer with the 2025 client. Then the server's own share
//    (no client library: the 1.32.2 client compiles every output schema inside listTools, a cost that grows with
//    the number of tools, 58 against the peer's 13). Ratios of medians and medians of pairwise ratios with their
//    spread and the load average: other work on the machine moves single figures (PREFLOW_BENCH_STARTS runs).
// 2. check_attribution_tag on calldata: per-call latency through the server (stdio, JSON-RPC, zod, JSON), with
//    checkAttributionInCalldata called in-process as the peer.
// Needs no chain: the server starts without a key and the calldata check makes no RPC call.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client as ModernClient } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { appendSdkCalldataTag, checkAttributionInCalldata } from "@preflow/attribution";

import { TOOL_NAMES } from "../dist/index.js";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);
const ENV = {
  DO_NOT_TRACK: "1",
  RPC_URL: "http://127.0.0.1:9",
  PREFLOW_ATTRIBUTION_TAGS: "bench",
  PATH: process.env.PATH ?? "",
};
// Other work on the machine moves start-up times: many alternating runs, the median of the pairwise ratios (each of
// ours against the reference started just after it) and the spread, with the load average (PREFLOW_BENCH_STARTS).
const STARTS = Number(process.env.PREFLOW_BENCH_STARTS ?? 15);
// What a client that renders no MCP Apps is listed: every tool but the app-only approve_flow.
const LISTED = TOOL_NAMES.filter((name) => name !== "approve_flow").length;
const CALLS = 500;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value) => `${value.toFixed(value < 1 ? 4 : 1)} ms`;

/** Probes the era in place: the base transport would probe on a second, sibling process (a client cost, not ours). */
class InPlaceStdioClientTransport extends ModernStdioClientTransport {}

async function connect(args, modern = false) {
  const started = performance.now();
  const parameters = { command: process.execPath, args, env: ENV, stderr: "ignore" };
  const transport = modern
    ? new InPlaceStdioClientTransport(parameters)
    : new StdioClientTransport(parameters);
  const client = modern
    ? new ModernClient(
        { name: "preflow-tools-bench", version: "0.0.0" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      )
    : new Client({ name: "preflow-tools-bench", version: "0.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  return { client, elapsed: performance.now() - started, tools: tools.length };
}

/**
 * The server's own share: spawn -> the bytes of the tools/list answer (2025 handshake written by hand on the pipe),
 * with no client library, so no client-side schema compilation (the 1.32.2 client compiles every tool's output
 * schema with Ajv inside listTools: 58 schemas against the peer's few).
 */
function rawStart(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: ENV, stdio: ["pipe", "pipe", "ignore"] });
    const line = (message) => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`;
    let out = "";
    let listed = false;
    child.on("error", reject);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (!listed && out.includes('"id":1')) {
        listed = true;
        child.stdin.write(
          line({ method: "notifications/initialized" }) + line({ id: 2, method: "tools/list" }),
        );
      }
      if (/"id":2[,}]/.test(out) && out.endsWith("\n")) {
        const elapsed = performance.now() - started;
        child.once("exit", () => resolve(elapsed));
        child.kill("SIGKILL");
      }
    });
    const clientInfo = { name: "preflow-tools-bench", version: "0.0.0" };
    child.stdin.write(
      line({
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo },
      }),
    );
  });
}

const loadBefore = loadavg()[0];
// Warm the file system cache for both, then alternate.
for (const args of [[BIN], [EVERYTHING, "stdio"]]) await (await connect(args)).client.close();
const ours = [];
const oursModern = [];
const peer = [];
const oursRaw = [];
const peerRaw = [];
let peerTools = 0;
for (let run = 0; run < STARTS; run++) {
  const mine = await connect([BIN]);
  if (mine.tools !== LISTED) throw new Error(`expected ${LISTED} tools, got ${mine.tools}`);
  ours.push(mine.elapsed);
  await mine.client.close();
  const modern = await connect([BIN], true);
  if (modern.tools !== LISTED) throw new Error(`expected ${LISTED} tools (2026-07-28), got ${modern.tools}`);
  oursModern.push(modern.elapsed);
  await modern.client.close();
  const reference = await connect([EVERYTHING, "stdio"]);
  peer.push(reference.elapsed);
  peerTools = reference.tools;
  await reference.client.close();
  oursRaw.push(await rawStart([BIN]));
  peerRaw.push(await rawStart([EVERYTHING, "stdio"]));
}

const calldata = appendSdkCalldataTag(`0xa9059cbb${"00".repeat(12)}${"11".repeat(20)}${"00".repeat(31)}01`, [
  "bench",
  "builder_0123456789ab",
]);
const { client } = await connect([BIN]);
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

const loadAfter = loadavg()[0];
const startup = median(ours);
const pairRatios = ours.map((value, run) => value / peer[run]);
const spread = (values) => `p25 ${ms(percentile(values, 0.25))}, p75 ${ms(percentile(values, 0.75))}`;
const reference = median(peer);
const call = median(latencies);
console.log(`@preflow/tools bench (node ${process.version})`);
console.log(
  `start-up, spawn -> first tools/list answer (${LISTED} tools): median ${ms(startup)} over ${STARTS} runs (${spread(ours)}; min ${ms(Math.min(...ours))}, max ${ms(Math.max(...ours))}); load average ${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)} on ${availableParallelism()} cores`,
);
console.log(
  `  peer, @modelcontextprotocol/server-everything stdio (${peerTools} tools), same client, alternating: median ${ms(reference)} (min ${ms(Math.min(...peer))}, max ${ms(Math.max(...peer))}; ${spread(peer)}); ratio of medians ${(startup / reference).toFixed(2)}x, median of pairwise ratios ${median(pairRatios).toFixed(2)}x (p25 ${percentile(pairRatios, 0.25).toFixed(2)}x, p75 ${percentile(pairRatios, 0.75).toFixed(2)}x) (target <= 1.1x)`,
);
console.log(
  `  the same binary with a 2026-07-28 client (server/discover + tools/list): median ${ms(median(oursModern))}; ratio ${(median(oursModern) / reference).toFixed(2)}x to the peer`,
);
const rawRatios = oursRaw.map((value, run) => value / peerRaw[run]);
console.log(
  `  the server's own share, spawn -> tools/list answer bytes without a client library: median ${ms(median(oursRaw))} (${spread(oursRaw)}) against the peer's ${ms(median(peerRaw))} (${spread(peerRaw)}); ratio of medians ${(median(oursRaw) / median(peerRaw)).toFixed(2)}x, median of pairwise ratios ${median(rawRatios).toFixed(2)}x (p25 ${percentile(rawRatios, 0.25).toFixed(2)}x, p75 ${percentile(rawRatios, 0.75).toFixed(2)}x)`,
);
console.log(
  `check_attribution_tag on calldata over stdio: median ${ms(call)}, p95 ${ms(percentile(latencies, 0.95))} over ${CALLS} calls (${Math.round(1000 / call)} calls/s sequential)`,
);
console.log(
  `  peer, checkAttributionInCalldata in-process: ${ms(local)} per call; ratio ${Math.round(call / local)}x`,
);
