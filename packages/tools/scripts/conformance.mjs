// pnpm --filter @preflow/tools conformance   (build first: pnpm --filter @preflow/tools... build)
// The MCP conformance suite's server scenarios (@modelcontextprotocol/conformance, its requirement sets for the
// 2025-11-25 and the 2026-07-28 revisions: `--requirements <revision>`) against the built `preflow-tools --http` on a
// free loopback port, with a signer, on a devnet this script starts; prints a table of passed / failed / not
// applicable (scripts/conformanceScope.mjs says why each one does not apply) and exits 1 when an applicable scenario
// fails.
// The suite needs Node 22 or later (it imports `globSync` from `fs`); the tool server stays on this Node. Without
// Node 22 here, the `node-<platform>-<arch>` package of the npm registry (the official binary) is installed once into
// $PREFLOW_CACHE_DIR (default ~/.cache/preflow), outside the repository, and reused.
// The server stays token-protected: the suite has no option for request headers, so it talks to a loopback relay
// in this process that adds `Authorization: Bearer <token>`, as a configured client does, and changes nothing else
// but the port in Host/Origin (a foreign Host stays foreign: the DNS-rebinding scenario still meets the server's own
// check). The script first asks the server directly without the token and requires 401.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { clockEnvironment, startDevnet } from "@preflow/devnet";
import { generatePrivateKey } from "viem/accounts";
import { NOT_APPLICABLE, NOT_APPLICABLE_CHECKS, NOT_APPLICABLE_PREFIXES } from "./conformanceScope.mjs";

const NODE_VERSION = "22.23.5";
const REVISIONS = ["2025-11-25", "2026-07-28"];
const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const require = createRequire(import.meta.url);
const SUITE_PACKAGE = require.resolve("@modelcontextprotocol/conformance/package.json");
const SUITE = join(dirname(SUITE_PACKAGE), "dist/index.js");
const SUITE_VERSION = JSON.parse(readFileSync(SUITE_PACKAGE, "utf8")).version;
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** A Node >= 22 binary: this one, the cached registry package, or the registry package installed now. */
function findNode22() {
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  const name = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
  const cache = join(
    process.env.PREFLOW_CACHE_DIR ?? join(homedir(), ".cache", "preflow"),
    `node-${NODE_VERSION}`,
  );
  const binary = join(cache, "node_modules", name, "bin", process.platform === "win32" ? "node.exe" : "node");
  if (!existsSync(binary)) {
    console.error(
      `installing ${name}@${NODE_VERSION} from the npm registry into ${cache} (about 52 MB, once)`,
    );
    mkdirSync(cache, { recursive: true });
    const args = ["install", "--prefix", cache, "--no-save", "--no-package-lock", "--no-audit", "--no-fund"];
    // pnpm's npm_config_* variables would only make npm warn: npm runs with the user's own configuration.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
    execFileSync("npm", [...args, `${name}@${NODE_VERSION}`], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  if (version !== `v${NODE_VERSION}`)
    throw new Error(`${binary} is ${version}, expected v${NODE_VERSION} (remove ${cache} to reinstall it)`);
  return binary;
}

/** Starts the built server over HTTP; resolves with its URL and a way to stop it. */
async function startToolServer(rpcUrl, token, stateDir) {
  const child = spawn(process.execPath, [BIN, "--http", "127.0.0.1:0"], {
    env: {
      PATH: process.env.PATH ?? "",
      ...clockEnvironment(),
      RPC_URL: rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_PRIVATE_KEY: generatePrivateKey(),
      PREFLOW_STATE_DIR: stateDir,
      PREFLOW_HTTP_TOKEN: token,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk.toString("utf8");
  });
  const deadline = Date.now() + 30_000;
  while (!/over HTTP at (http:\S+)/.test(stderr)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { url: new URL(/over HTTP at (http:\S+)/.exec(stderr)[1]), stop, stderr: () => stderr };
}

/** A loopback relay to `target` adding the bearer token; Host/Origin naming the relay are moved to the target's port. */
async function startTokenRelay(target, token) {
  const relay = createServer((incoming, outgoing) => {
    const own = new RegExp(
      `^((?:https?://)?(?:127\\.0\\.0\\.1|localhost|\\[::1\\])):${relay.address().port}$`,
    );
    const moved = (value) => value?.replace(own, `$1:${target.port}`);
    const headers = {
      ...incoming.headers,
      authorization: `Bearer ${token}`,
      host: moved(incoming.headers.host),
    };
    if (incoming.headers.origin !== undefined) headers.origin = moved(incoming.headers.origin);
    const upstream = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${relay.address().port}/mcp`,
    close: () => new Promise((resolve) => relay.close(resolve)),
  };
}

/** POSTs a ping straight to the server without the token; resolves with the status code. */
function statusWithoutToken(url) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers },
      (res) => {
        res.resume();
        resolve(res.statusCode);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Runs the suite's requirement set for `revision`; resolves with each scenario's checks. */
async function runSuite(node, relayUrl, revision, outputDir) {
  const args = [SUITE, "server", "--url", relayUrl, "--requirements", revision, "-o", outputDir];
  const child = spawn(node, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  const scenarios = new Map();
  for (const entry of existsSync(outputDir) ? readdirSync(outputDir) : []) {
    const name = entry.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, "");
    const file = join(outputDir, entry, "checks.json");
    if (existsSync(file)) scenarios.set(name, JSON.parse(readFileSync(file, "utf8")));
  }
  if (scenarios.size === 0) throw new Error(`the suite ran no scenario (exit ${code}):\n${output}`);
  return scenarios;
}

/** One scenario's verdict: { verdict: "pass" | "FAIL" | "n/a", note, failures }. */
function judge(name, checks) {
  const prefix = Object.keys(NOT_APPLICABLE_PREFIXES).find((start) => name.startsWith(start));
  const reason = NOT_APPLICABLE[name] ?? (prefix && NOT_APPLICABLE_PREFIXES[prefix]);
  // The suite validates every message the server sent against the revision's JSON schema: scored everywhere.
  const wire = checks.filter((check) => check.id === "wire-schema-valid" && check.status === "FAILURE");
  if (reason) return { verdict: wire.length ? "FAIL" : "n/a", reason, failures: wire };
  const scored = checks.filter((check) => !(check.id in NOT_APPLICABLE_CHECKS));
  const failures = scored.filter((check) => check.status === "FAILURE");
  const warnings = scored.filter((check) => check.status === "WARNING").length;
  const passed = scored.filter((check) => check.status === "SUCCESS").length;
  const skipped = checks.length - scored.length;
  // Nothing left to score (only INFO lines and checks that do not apply): not a pass.
  if (passed + warnings + failures.length === 0) {
    const why = checks.map((check) => NOT_APPLICABLE_CHECKS[check.id]).find(Boolean);
    return {
      verdict: "n/a",
      reason: why ?? "the suite scored no check of it against this server",
      failures: [],
    };
  }
  const notes = [
    `${passed} check${passed === 1 ? "" : "s"}`,
    warnings && `${warnings} warning${warnings === 1 ? "" : "s"}`,
    skipped && `${skipped} n/a`,
  ];
  return { verdict: failures.length ? "FAIL" : "pass", note: notes.filter(Boolean).join(", "), failures };
}

const node22 = findNode22();
console.error(
  `conformance ${SUITE_VERSION} on node ${execFileSync(node22, ["--version"], { encoding: "utf8" }).trim()}`,
);
const work = mkdtempSync(join(tmpdir(), "preflow-conformance-"));
const token = randomBytes(32).toString("hex");
const devnetStarted = performance.now();
const devnet = await startDevnet();
console.error(`devnet at ${devnet.rpcUrl} (${seconds(devnetStarted)})`);
let server;
let relay;
const results = new Map();
try {
  server = await startToolServer(devnet.rpcUrl, token, join(work, "state"));
  const refused = await statusWithoutToken(server.url);
  if (refused !== 401) throw new Error(`the server answered ${refused} without the token, expected 401`);
  relay = await startTokenRelay(server.url, token);
  for (const revision of REVISIONS) {
    const suiteStarted = performance.now();
    const scenarios = await runSuite(node22, relay.url, revision, join(work, revision));
    console.error(`${revision}: ${scenarios.size} scenarios in ${seconds(suiteStarted)}`);
    // The relay adds the token to every request, so a foreign Host must meet the server's own 403, never a 401.
    const rebinding = scenarios
      .get("dns-rebinding-protection")
      ?.find((c) => c.id === "localhost-host-rebinding-rejected");
    if (rebinding && rebinding.details?.statusCode !== 403)
      throw new Error(
        `a foreign Host was answered ${rebinding.details?.statusCode}, expected the server's 403`,
      );
    for (const [name, checks] of scenarios) {
      if (!results.has(name)) results.set(name, {});
      results.get(name)[revision] = judge(name, checks);
    }
  }
  if (server.stderr().includes(token)) throw new Error("the token appeared in the server's log");
} finally {
  await relay?.close();
  await server?.stop();
  await devnet.stop();
  if (!process.env.PREFLOW_CONFORMANCE_KEEP) rmSync(work, { recursive: true, force: true });
}

const width = Math.max(...[...results.keys()].map((name) => name.length));
const cell = (result) => (result ? `${result.verdict}${result.note ? ` (${result.note})` : ""}` : "-");
console.log(
  `MCP conformance ${SUITE_VERSION}, server scenarios, preflow-tools --http (token required: 401 without)`,
);
console.log(`${"scenario".padEnd(width)}  ${REVISIONS.map((revision) => revision.padEnd(28)).join("  ")}`);
for (const [name, byRevision] of results)
  console.log(`${name.padEnd(width)}  ${REVISIONS.map((r) => cell(byRevision[r]).padEnd(28)).join("  ")}`);
const all = [...results.values()].flatMap((byRevision) => Object.values(byRevision));
const count = (verdict) => all.filter((result) => result.verdict === verdict).length;
console.log(
  `passed ${count("pass")}, failed ${count("FAIL")}, not applicable ${count("n/a")} (${seconds(started)})`,
);
const reasons = new Map();
for (const [name, byRevision] of results)
  for (const result of Object.values(byRevision))
    if (result.reason)
      reasons.set(result.reason, [...new Set([...(reasons.get(result.reason) ?? []), name])]);
for (const [reason, names] of reasons) console.log(`n/a: ${names.join(", ")}: ${reason}`);
for (const [name, byRevision] of results)
  for (const [revision, result] of Object.entries(byRevision))
    for (const failure of result.failures)
      console.log(`FAIL ${name} (${revision}) ${failure.id}: ${failure.errorMessage ?? ""}`);
process.exitCode = count("FAIL") > 0 ? 1 : 0;
