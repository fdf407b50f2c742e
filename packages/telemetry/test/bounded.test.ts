import { afterEach, describe, expect, it, vi } from "vitest";
import { BoundedQueue } from "../src/boundedQueue.js";
import { createTelemetry, TELEMETRY_DEFAULTS } from "../src/index.js";
import { ADDRESS, refusingUrl, type Sink, startSink } from "./sink.js";

let sink: Sink | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await sink?.close();
  sink = undefined;
});

describe("bounded queue", () => {
  it("100,000 events with the sink down keep at most 1,000 queued, dropping the oldest", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const telemetry = createTelemetry({
      sdkVersion: "1.0.0",
      env: {},
      deviceId: "x",
      endpoint: await refusingUrl(),
      retryDelayMs: 1,
      maxRetries: 1,
    });
    let maxQueued = 0;
    for (let i = 0; i < 100_000; i++) {
      await telemetry.track("token.getBalance", ADDRESS, async () => i);
      if (i % 100 === 0) {
        const { queued } = telemetry.stats();
        maxQueued = Math.max(maxQueued, queued);
        // Let the background sends run and fail now and then.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const stats = telemetry.stats();
    maxQueued = Math.max(maxQueued, stats.queued);
    expect(maxQueued).toBeLessThanOrEqual(1_000);
    expect(stats.queued).toBe(1_000);
    expect(stats.sent).toBe(0);
    expect(stats.dropped).toBeGreaterThan(90_000);
    // Every event is queued, dropped from the front, or in a batch given up or still in flight.
    const inBatches = (stats.failedBatches + 1) * TELEMETRY_DEFAULTS.batchSize;
    expect(stats.dropped + stats.queued + inBatches).toBeGreaterThanOrEqual(100_000);
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it("keeps the newest events: after the sink comes back, the last ones are delivered", async () => {
    sink = await startSink([200]);
    let up = false;
    const telemetry = createTelemetry({
      sdkVersion: "1.0.0",
      env: {},
      deviceId: "x",
      endpoint: sink.url,
      maxQueue: 10,
      batchSize: 100,
      flushIntervalMs: 60_000,
      fetch: (url, init) => (up ? fetch(url, init) : Promise.reject(new TypeError("down"))),
    });
    for (let i = 0; i < 25; i++)
      await telemetry.track(`op.n${String.fromCharCode(97 + i)}`, undefined, async () => i);
    expect(telemetry.stats()).toMatchObject({ queued: 10, dropped: 15 });
    up = true;
    await telemetry.flush();
    const types = sink.requests.flatMap((r) => r.body.events.map((e) => e.event_type));
    expect(types).toEqual(Array.from({ length: 10 }, (_, i) => `op.n${String.fromCharCode(97 + 15 + i)}`));
  });

  it("BoundedQueue is FIFO and drops oldest-first", () => {
    const queue = new BoundedQueue<number>(3);
    expect([1, 2, 3, 4, 5].map((n) => queue.push(n))).toEqual([0, 0, 0, 1, 1]);
    expect(queue.length).toBe(3);
    expect(queue.take(2)).toEqual([3, 4]);
    queue.push(6);
    queue.push(7);
    expect(queue.take(10)).toEqual([5, 6, 7]);
    expect(queue.length).toBe(0);
  });
});
