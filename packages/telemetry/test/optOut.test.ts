import { afterEach, describe, expect, it, vi } from "vitest";
import { createTelemetry, flushTelemetry, type TelemetryOptions } from "../src/index.js";
import { ADDRESS, type Sink, sleep, startSink } from "./sink.js";

let s: Sink;
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await s?.close();
});

/** Runs many tracked calls (enough for several batches and a timer tick) and counts requests at the sink. */
async function requestsMade(options: Partial<TelemetryOptions>) {
  s = await startSink();
  let fetchCalls = 0;
  const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
  const telemetry = createTelemetry({
    sdkVersion: "1.0.0",
    endpoint: s.url,
    batchSize: 2,
    flushIntervalMs: 10,
    deviceId: "x",
    fetch: (url, init) => {
      fetchCalls++;
      return fetch(url, init);
    },
    ...options,
  });
  for (let i = 0; i < 20; i++) {
    await telemetry.track("token.getBalance", ADDRESS, async () => i);
    await expect(
      telemetry.track("token.getBalance", ADDRESS, () => Promise.reject(new Error("x"))),
    ).rejects.toThrow("x");
  }
  const timersStarted = setTimeoutSpy.mock.calls.length;
  setTimeoutSpy.mockRestore();
  await telemetry.flush({ timeoutMs: 200 });
  await flushTelemetry({ timeoutMs: 200 });
  await sleep(50);
  return { enabled: telemetry.enabled, requests: s.requests.length + fetchCalls, timersStarted, telemetry };
}

describe("opt-out", () => {
  it("control: the same calls with telemetry on do make requests", async () => {
    const result = await requestsMade({ env: {} });
    expect(result.enabled).toBe(true);
    expect(result.requests).toBeGreaterThan(0);
  });

  it("enabled: false (analyticsEnabled: false) makes zero requests and starts no timers", async () => {
    const result = await requestsMade({ enabled: false, env: {} });
    expect(result).toMatchObject({ enabled: false, requests: 0, timersStarted: 0 });
    expect(result.telemetry.stats()).toEqual({ queued: 0, dropped: 0, sent: 0, failedBatches: 0 });
  });

  it.each(["1", "true", "TRUE", "yes"])(
    "DO_NOT_TRACK=%s makes zero requests, even with enabled: true",
    async (value) => {
      const result = await requestsMade({ enabled: true, env: { DO_NOT_TRACK: value } });
      expect(result).toMatchObject({ enabled: false, requests: 0, timersStarted: 0 });
    },
  );

  it.each(["0", "false", ""])("DO_NOT_TRACK=%j does not opt out", async (value) => {
    const result = await requestsMade({ env: { DO_NOT_TRACK: value } });
    expect(result.enabled).toBe(true);
    expect(result.requests).toBeGreaterThan(0);
  });

  it("reads DO_NOT_TRACK from process.env when no env option is given", async () => {
    vi.stubEnv("DO_NOT_TRACK", "1");
    const result = await requestsMade({});
    expect(result).toMatchObject({ enabled: false, requests: 0 });
    vi.stubEnv("DO_NOT_TRACK", "");
    expect(createTelemetry({ sdkVersion: "1.0.0", deviceId: "x" }).enabled).toBe(true);
  });

  it("a disabled instance still returns and rethrows exactly what run did", async () => {
    const telemetry = createTelemetry({ sdkVersion: "1.0.0", enabled: false });
    const value = {};
    const error = new Error("e");
    await expect(telemetry.track("token.getBalance", undefined, async () => value)).resolves.toBe(value);
    await expect(telemetry.track("token.getBalance", undefined, () => Promise.reject(error))).rejects.toBe(
      error,
    );
  });
});
