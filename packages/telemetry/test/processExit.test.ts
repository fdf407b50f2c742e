import { execFile } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { refusingUrl, type Sink, startSink } from "./sink.js";

const run = promisify(execFile);
const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), ".."), "dist/index.js");

let sink: Sink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

/** Runs a short script that tracks `count` reads against `endpoint`; returns its exit code, time and output. */
async function script(endpoint: string, count: number, flush: boolean) {
  const code = `
    import { createTelemetry, flushTelemetry } from ${JSON.stringify(dist)};
    const telemetry = createTelemetry({
      sdkVersion: "1.0.0", env: {}, deviceId: "x", endpoint: ${JSON.stringify(endpoint)},
      flushIntervalMs: 60_000, retryDelayMs: 30_000, maxRetryDelayMs: 30_000,
    });
    for (let i = 0; i < ${count}; i++) await telemetry.track("token.getBalance", undefined, async () => i);
    ${flush ? "await flushTelemetry({ timeoutMs: 500 });" : ""}
    console.log("done", JSON.stringify(telemetry.stats()));
    const doneAt = performance.now();
    process.on("exit", () => console.log("exit-delay", Math.round(performance.now() - doneAt)));
  `;
  const start = performance.now();
  const { stdout, stderr } = await run(process.execPath, ["--input-type=module", "-e", code], {
    timeout: 20_000,
  });
  const exitDelay = Number(/exit-delay (\d+)/.exec(stdout)?.[1] ?? Number.NaN);
  return { elapsed: performance.now() - start, exitDelay, stdout, stderr };
}

describe("telemetry never keeps a process alive", () => {
  it("pending events and a 60 s flush timer do not delay exit; beforeExit delivers them without flushTelemetry()", async () => {
    sink = await startSink([200]);
    const { elapsed, stdout } = await script(sink.url, 5, false);
    expect(stdout).toContain("done");
    expect(elapsed).toBeLessThan(10_000); // the timer is 60 s; exit happens right away
    expect(sink.requests).toHaveLength(1); // one batch, sent on beforeExit
    expect(sink.requests[0]?.body.events).toHaveLength(5);
  });

  it("30 s retry backoffs against a refusing endpoint do not delay exit", async () => {
    const { elapsed, stdout } = await script(await refusingUrl(), 100, false);
    expect(stdout).toContain("done");
    expect(elapsed).toBeLessThan(10_000);
  });

  it("the beforeExit flush against an endpoint that never answers ends at its bound (TELEMETRY_DEFAULTS.exitFlushTimeoutMs)", async () => {
    sink = await startSink(["hang"]);
    const hanging = await script(sink.url, 5, false);
    expect(hanging.stdout).toContain("done");
    expect(sink.requests).toHaveLength(1); // one try, no retry at exit
    // Measured inside the script, from its last line to its exit: the flush waited for the request, and not
    // beyond the 1 s bound (plus the slack of a loaded machine).
    expect(hanging.exitDelay).toBeGreaterThanOrEqual(900);
    expect(hanging.exitDelay).toBeLessThan(1_000 + 2_000);
  });

  it("await flushTelemetry() against a failing endpoint settles within its cap and the script exits cleanly", async () => {
    sink = await startSink([500]);
    const { elapsed, stdout, stderr } = await script(sink.url, 5, true);
    expect(stdout).toContain("done"); // reached: the top-level await settled (no exit code 13)
    expect(stderr).not.toContain("unsettled top-level await");
    expect(stdout).toContain('"sent":0');
    expect(elapsed).toBeLessThan(10_000);
    expect(sink.requests.length).toBeGreaterThanOrEqual(1);
  });

  it("await flushTelemetry() delivers the events of a short script", async () => {
    sink = await startSink([200]);
    const { stdout } = await script(sink.url, 5, true);
    expect(stdout).toContain('"sent":5');
    expect(sink.requests.flatMap((r) => r.body.events)).toHaveLength(5);
  });
});
