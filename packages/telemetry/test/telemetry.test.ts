import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createTelemetry,
  DEFAULT_TELEMETRY_API_KEY,
  DEFAULT_TELEMETRY_ENDPOINT,
  flushTelemetry,
  TELEMETRY_ENDPOINT_ENV,
  type TelemetryOptions,
} from "../src/index.js";
import { ADDRESS, OTHER_ADDRESS, type Sink, sleep, startSink } from "./sink.js";

const sinks: Sink[] = [];
async function sink(...replies: Parameters<typeof startSink>[0][]) {
  const s = await startSink(replies[0]);
  sinks.push(s);
  return s;
}
afterEach(async () => {
  vi.restoreAllMocks();
  // Deliver what a test left queued while its sink still listens, so that a later flushTelemetry() (which
  // flushes every live instance) does not send it to a closed port and warn.
  await flushTelemetry({ timeoutMs: 2_000 });
  await Promise.all(sinks.splice(0).map((s) => s.close()));
});

function make(s: Sink, options: Partial<TelemetryOptions> = {}) {
  return createTelemetry({
    sdkVersion: "1.2.3",
    env: {},
    deviceId: "test_app",
    endpoint: s.url,
    flushIntervalMs: 60_000,
    ...options,
  });
}

describe("batch shape", () => {
  it("posts the Amplitude HTTP V2 batch format with exactly the documented fields", async () => {
    const s = await sink();
    const telemetry = make(s);
    const before = Date.now();
    await telemetry.track("token.getBalance", ADDRESS, async () => {
      await sleep(5);
      return 1n;
    });
    await telemetry.flush();
    expect(s.requests).toHaveLength(1);
    const request = s.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/2/httpapi");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(Object.keys(request.body).sort()).toEqual(["api_key", "events", "options"]);
    expect(request.body.api_key).toBe(DEFAULT_TELEMETRY_API_KEY);
    expect(request.body.options).toEqual({ min_id_length: 1 });
    expect(request.body.events).toHaveLength(1);
    const event = request.body.events[0]!;
    expect(Object.keys(event).sort()).toEqual([
      "device_id",
      "event_properties",
      "event_type",
      "insert_id",
      "time",
      "user_id",
    ]);
    expect(event.event_type).toBe("token.getBalance");
    expect(event.device_id).toBe("test_app");
    expect(event.user_id).toBe(ADDRESS.toLowerCase());
    expect(event.insert_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.time).toBeGreaterThanOrEqual(before);
    expect(event.time).toBeLessThanOrEqual(Date.now());
    const properties = event.event_properties as Record<string, unknown>;
    expect(Object.keys(properties).sort()).toEqual(["duration_ms", "outcome", "sdk_version"]);
    expect(properties.sdk_version).toBe("1.2.3");
    expect(properties.outcome).toBe("ok");
    expect(properties.duration_ms).toBeGreaterThanOrEqual(4);
    expect(properties.duration_ms).toBeLessThan(5_000);
  });

  it("records the error code of a failed call, `error` without one, and rethrows the same value", async () => {
    const s = await sink();
    const telemetry = make(s);
    const coded = Object.assign(new Error("bad owner"), { code: "INVALID_ADDRESS" });
    await expect(telemetry.track("token.getBalance", ADDRESS, () => Promise.reject(coded))).rejects.toBe(
      coded,
    );
    const plain = new Error("boom");
    await expect(telemetry.track("ens.resolveEns", undefined, () => Promise.reject(plain))).rejects.toBe(
      plain,
    );
    const numeric = Object.assign(new Error("rpc"), { code: -32000 });
    await expect(
      telemetry.track("token.getAllowance", undefined, () => Promise.reject(numeric)),
    ).rejects.toBe(numeric);
    await expect(
      telemetry.track("token.getBalance", undefined, () => Promise.reject("a string")),
    ).rejects.toBe("a string");
    await telemetry.flush();
    const outcomes = s.requests.flatMap((r) =>
      r.body.events.map((e) => (e.event_properties as { outcome: string }).outcome),
    );
    expect(outcomes).toEqual(["INVALID_ADDRESS", "error", "error", "error"]);
  });

  it("returns exactly the value run resolved to", async () => {
    const s = await sink();
    const telemetry = make(s);
    const value = { balance: 5n };
    await expect(telemetry.track("token.getBalance", ADDRESS, async () => value)).resolves.toBe(value);
    await expect(
      telemetry.track("token.getBalance", ADDRESS, async () => undefined),
    ).resolves.toBeUndefined();
  });

  it("uses the apiKey and endpoint options, then the endpoint environment variable", async () => {
    const fromOption = await sink();
    const fromEnv = await sink();
    const a = make(fromOption, {
      apiKey: "my-own-project-key",
      env: { [TELEMETRY_ENDPOINT_ENV]: fromEnv.url },
    });
    await a.track("token.getBalance", undefined, async () => 1);
    await a.flush();
    expect(fromOption.requests.map((r) => r.body.api_key)).toEqual(["my-own-project-key"]);
    expect(fromEnv.requests).toHaveLength(0);

    const b = make(fromOption, { endpoint: undefined, env: { [TELEMETRY_ENDPOINT_ENV]: fromEnv.url } });
    await b.track("token.getBalance", undefined, async () => 1);
    await b.flush();
    expect(fromEnv.requests).toHaveLength(1);
    expect(fromOption.requests).toHaveLength(1);
  });

  it("defaults to the Amplitude endpoint when neither option nor env is set", async () => {
    const urls: string[] = [];
    const telemetry = createTelemetry({
      sdkVersion: "1.0.0",
      env: {},
      deviceId: "x",
      fetch: async (url) => {
        urls.push(url);
        return { status: 200 };
      },
    });
    await telemetry.track("token.getBalance", undefined, async () => 1);
    await telemetry.flush();
    expect(urls).toEqual([DEFAULT_TELEMETRY_ENDPOINT]);
    expect(DEFAULT_TELEMETRY_ENDPOINT).toBe("https://api2.amplitude.com/2/httpapi");
    expect(DEFAULT_TELEMETRY_API_KEY).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("batching", () => {
  it("sends by count: one request per batchSize events, without waiting for the interval", async () => {
    const s = await sink();
    const telemetry = make(s, { batchSize: 5 });
    for (let i = 0; i < 10; i++) await telemetry.track("token.getBalance", undefined, async () => i);
    await s.waitForRequests(2);
    expect(s.requests.map((r) => r.body.events.length)).toEqual([5, 5]);
    await telemetry.flush(); // lets the second response be counted
    expect(s.requests).toHaveLength(2);
    expect(telemetry.stats()).toEqual({ queued: 0, dropped: 0, sent: 10, failedBatches: 0 });
  });

  it("the count trigger sends full batches only; the remainder waits for the timer", async () => {
    const s = await sink();
    const telemetry = make(s, { batchSize: 5, flushIntervalMs: 150 });
    for (let i = 0; i < 7; i++) await telemetry.track("token.getBalance", undefined, async () => i);
    await s.waitForRequests(1);
    await sleep(30);
    expect(s.requests.map((r) => r.body.events.length)).toEqual([5]);
    await s.waitForRequests(2, 2_000);
    expect(s.requests.map((r) => r.body.events.length)).toEqual([5, 2]);
  });

  it("sends by time: a partial batch goes out after flushIntervalMs", async () => {
    const s = await sink();
    const telemetry = make(s, { batchSize: 100, flushIntervalMs: 100 });
    for (let i = 0; i < 3; i++) await telemetry.track("token.getBalance", undefined, async () => i);
    await sleep(20);
    expect(s.requests).toHaveLength(0);
    await s.waitForRequests(1, 2_000);
    expect(s.requests[0]!.body.events).toHaveLength(3);
  });

  it("flushTelemetry() sends what every live instance has queued", async () => {
    const s1 = await sink();
    const s2 = await sink();
    const a = make(s1);
    const b = make(s2);
    await a.track("token.getBalance", undefined, async () => 1);
    await b.track("token.getBalance", undefined, async () => 1);
    await b.track("token.getBalance", undefined, async () => 1);
    expect(s1.requests.length + s2.requests.length).toBe(0);
    await flushTelemetry({ timeoutMs: 2_000 });
    expect(s1.requests.map((r) => r.body.events.length)).toEqual([1]);
    expect(s2.requests.map((r) => r.body.events.length)).toEqual([2]);
    expect(a.stats().queued + b.stats().queued).toBe(0);
  });

  it("flush with nothing queued makes no request", async () => {
    const s = await sink();
    const telemetry = make(s);
    await telemetry.flush();
    await flushTelemetry();
    expect(s.requests).toHaveLength(0);
  });
});

describe("user id", () => {
  async function userIds(options: Partial<TelemetryOptions>, calls: (string | undefined)[]) {
    const s = await sink();
    const telemetry = make(s, options);
    for (const address of calls) await telemetry.track("token.getBalance", address, async () => 0);
    await telemetry.flush();
    return s.requests.flatMap((r) => r.body.events.map((e) => e.user_id));
  }

  it("is the call's address, lowercased", async () => {
    expect(await userIds({}, [ADDRESS, OTHER_ADDRESS])).toEqual([
      ADDRESS.toLowerCase(),
      OTHER_ADDRESS.toLowerCase(),
    ]);
  });

  it("falls back to walletAddress (analyticsWalletAddress), lowercased", async () => {
    expect(await userIds({ walletAddress: OTHER_ADDRESS }, [undefined, ADDRESS])).toEqual([
      OTHER_ADDRESS.toLowerCase(),
      ADDRESS.toLowerCase(),
    ]);
  });

  it("is absent without any address", async () => {
    expect(await userIds({}, [undefined])).toEqual([undefined]);
  });

  it("never takes a value that is not a 20-byte address (ENS names, keys)", async () => {
    const key = `0x${"ab".repeat(32)}`;
    expect(await userIds({}, ["vitalik.eth", key, "0x1234"])).toEqual([undefined, undefined, undefined]);
    expect(await userIds({ walletAddress: ADDRESS }, ["vitalik.eth"])).toEqual([ADDRESS.toLowerCase()]);
  });
});
