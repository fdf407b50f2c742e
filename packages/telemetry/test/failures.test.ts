import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTelemetry, DEFAULT_TELEMETRY_API_KEY, type TelemetryOptions } from "../src/index.js";
import { ADDRESS, refusingUrl, type Sink, type SinkReply, sleep, startSink } from "./sink.js";

const sinks: Sink[] = [];
// Instances of finished tests keep retrying in the background (by design, on unref'd timers) against sinks that
// are closed by then, and each warns once, between later tests or after the last. This file's worker drops those
// warnings; every test that checks warnings spies on console.warn itself (the spy still records every call).
console.warn = () => {};
// Node loads its fetch implementation (undici) on the first call, a one-off ~30 ms of module loading per
// process that has nothing to do with telemetry; do it before measuring.
beforeAll(async () => {
  const warm = await startSink();
  await fetch(warm.url, { method: "POST", body: "{}" }).then((r) => r.text());
  await fetch(await refusingUrl()).catch(() => {});
  await warm.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(sinks.splice(0).map((s) => s.close()));
});

async function sinkUrl(mode: "500" | "429" | "hang" | "refused"): Promise<{ url: string; sink?: Sink }> {
  if (mode === "refused") return { url: await refusingUrl() };
  const reply: SinkReply = mode === "hang" ? "hang" : Number(mode);
  const sink = await startSink([reply]);
  sinks.push(sink);
  return { url: sink.url, sink };
}

const base = (url: string, extra: Partial<TelemetryOptions> = {}) =>
  createTelemetry({
    sdkVersion: "1.0.0",
    env: {},
    deviceId: "x",
    endpoint: url,
    apiKey: "secret-project-key-0123456789abcdef",
    batchSize: 5,
    flushIntervalMs: 20,
    maxRetries: 2,
    retryDelayMs: 5,
    requestTimeoutMs: 300,
    ...extra,
  });

describe.each(["500", "429", "hang", "refused"] as const)("a sink that answers %s", (mode) => {
  it("never surfaces to the caller, never slows track, warns at most once without the API key", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { url } = await sinkUrl(mode);
    const telemetry = base(url);
    const durations: number[] = [];
    const deadline = Date.now() + 700; // long enough for timers, retries and timeouts to be underway
    let i = 0;
    while (Date.now() < deadline) {
      const start = performance.now();
      const value = await telemetry.track("token.getBalance", ADDRESS, async () => i);
      durations.push(performance.now() - start);
      expect(value).toBe(i);
      const error = new Error("read failed");
      const startFailing = performance.now();
      await expect(telemetry.track("token.getBalance", ADDRESS, () => Promise.reject(error))).rejects.toBe(
        error,
      );
      durations.push(performance.now() - startFailing);
      i++;
      if (i % 50 === 0) await sleep(5);
    }
    await telemetry.flush({ timeoutMs: 1_000 });
    // Lenient by design: a call costs microseconds; a call that waited on the network would take at least
    // one request (the sink hangs for up to 300 ms, retries back off). Percentiles, not the maximum, so a GC
    // pause or a busy CI machine does not fail the test; a call waiting on telemetry would move them.
    const sorted = [...durations].sort((a, b) => a - b);
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
    expect(durations.length).toBeGreaterThan(100);
    expect(percentile(0.5)).toBeLessThan(5);
    expect(percentile(0.99)).toBeLessThan(50);
    const stats = telemetry.stats();
    expect(stats.sent).toBe(0);
    expect(stats.failedBatches).toBeGreaterThan(0);
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
    if (mode !== "hang") expect(warn).toHaveBeenCalledTimes(1);
    for (const call of warn.mock.calls) {
      const text = call.map(String).join(" ");
      expect(text).not.toContain("secret-project-key");
      expect(text).not.toContain(DEFAULT_TELEMETRY_API_KEY);
      expect(text).toContain("DO_NOT_TRACK");
    }
  });
});

describe("retries", () => {
  it("retries 5xx a bounded number of times, then gives the batch up", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { url, sink } = await sinkUrl("500");
    const telemetry = base(url, { maxRetries: 2, flushIntervalMs: 60_000 });
    await telemetry.track("token.getBalance", undefined, async () => 1);
    await telemetry.flush({ timeoutMs: 2_000 });
    expect(sink!.requests).toHaveLength(3);
    expect(telemetry.stats()).toEqual({ queued: 0, dropped: 0, sent: 0, failedBatches: 1 });
  });

  it("retries 429 and then delivers, sending the same insert_ids again", async () => {
    const sink = await startSink([429, 503, 200]);
    sinks.push(sink);
    const telemetry = base(sink.url, { flushIntervalMs: 60_000 });
    await telemetry.track("token.getBalance", undefined, async () => 1);
    await telemetry.flush({ timeoutMs: 2_000 });
    expect(sink.requests).toHaveLength(3);
    const ids = sink.requests.map((r) => r.body.events[0]!.insert_id);
    expect(new Set(ids).size).toBe(1);
    expect(telemetry.stats()).toMatchObject({ sent: 1, failedBatches: 0 });
  });

  it("does not retry other 4xx statuses", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const sink = await startSink([400]);
    sinks.push(sink);
    const telemetry = base(sink.url, { flushIntervalMs: 60_000 });
    await telemetry.track("token.getBalance", undefined, async () => 1);
    await telemetry.flush({ timeoutMs: 2_000 });
    expect(sink.requests).toHaveLength(1);
    expect(telemetry.stats().failedBatches).toBe(1);
  });

  it("backs off: after a failed batch, automatic sends pause for flushIntervalMs instead of hammering", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const sink = await startSink([500]);
    sinks.push(sink);
    const telemetry = base(sink.url, { batchSize: 1, maxRetries: 0, flushIntervalMs: 60_000 });
    for (let i = 0; i < 50; i++) {
      await telemetry.track("token.getBalance", undefined, async () => i);
      await sleep(1);
    }
    expect(sink.requests).toHaveLength(1);
    expect(telemetry.stats().queued).toBe(49);
  });

  it("times a hanging request out and flush() returns within its cap", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { url } = await sinkUrl("hang");
    const telemetry = base(url, { requestTimeoutMs: 10_000, flushIntervalMs: 60_000 });
    await telemetry.track("token.getBalance", undefined, async () => 1);
    const start = performance.now();
    await telemetry.flush({ timeoutMs: 150 });
    const elapsed = performance.now() - start;
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect(elapsed).toBeLessThan(2_000);
  });

  it("a fetch that throws synchronously or rejects is contained", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const telemetry = base("http://127.0.0.1:1/", {
      maxRetries: 1,
      fetch: () => {
        throw new TypeError("bad fetch");
      },
    });
    for (let i = 0; i < 20; i++) await telemetry.track("token.getBalance", undefined, async () => i);
    await telemetry.flush({ timeoutMs: 500 });
    expect(telemetry.stats().failedBatches).toBeGreaterThan(0);
    // One warning from this instance (its endpoint is port 1). The hanging request of the test before can time
    // out and warn during this one on a loaded machine: that warning is another instance's and is not counted.
    const ours = warn.mock.calls.filter((call) => String(call[0]).includes(" to 127.0.0.1:1 "));
    expect(ours).toHaveLength(1);
    expect(String(ours[0]![0])).toContain("(network error)");
  });
});
