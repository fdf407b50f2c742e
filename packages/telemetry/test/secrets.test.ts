import { afterEach, describe, expect, it, vi } from "vitest";
import { createTelemetry } from "../src/index.js";
import { type Sink, startSink } from "./sink.js";

const PRIVATE_KEY = `0x${"4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"}`;
const SPONSOR_API_KEY = "pim_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const RPC_URL = `https://celo-mainnet.example.com/v1/${"b7e2c1d4a5f60718293a4b5c6d7e8f90"}?apikey=${SPONSOR_API_KEY}`;
const CALLDATA = `0xa9059cbb000000000000000000000000${"ab".repeat(20)}00000000000000000000000000000000000000000000000000000000000f4240`;
const AMOUNT = "1234567890123456789";
const SECRETS = { PRIVATE_KEY, SPONSOR_API_KEY, RPC_URL, CALLDATA, AMOUNT };

let sink: Sink;
afterEach(async () => {
  vi.restoreAllMocks();
  await sink.close();
});

describe("no secret ever leaves in an event", () => {
  it("whatever the tracked call touches, returns or throws, events hold none of it", async () => {
    sink = await startSink();
    const telemetry = createTelemetry({
      sdkVersion: "1.0.0",
      env: {},
      endpoint: sink.url,
      deviceId: "app",
      walletAddress: PRIVATE_KEY, // a mistake by the app: not an address, never used as user_id
    });
    const readWithSecrets = async () => ({ rpc: RPC_URL, key: PRIVATE_KEY, data: CALLDATA, amount: AMOUNT });
    await telemetry.track("token.getBalance", PRIVATE_KEY, readWithSecrets);
    for (const secret of Object.values(SECRETS)) {
      const error = Object.assign(new Error(`request to ${RPC_URL} failed with ${secret}`), {
        code: secret,
        details: SECRETS,
      });
      await expect(telemetry.track("token.getBalance", undefined, () => Promise.reject(error))).rejects.toBe(
        error,
      );
      await expect(telemetry.track(secret, undefined, async () => secret)).resolves.toBe(secret);
    }
    await telemetry.flush();
    expect(sink.requests.length).toBeGreaterThan(0);
    const events = JSON.stringify(sink.requests.flatMap((r) => r.body.events)).toLowerCase();
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(events, name).not.toContain(secret.toLowerCase());
    }
    expect(events).not.toContain("celo-mainnet.example.com");
    expect(events).not.toContain("user_id");
  });

  it("the one warning names the endpoint's host only, never its path, query or credentials", async () => {
    sink = await startSink([400]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const url = new URL(sink.url);
    url.username = "collector";
    url.password = SPONSOR_API_KEY;
    url.searchParams.set("apikey", SPONSOR_API_KEY);
    const telemetry = createTelemetry({
      sdkVersion: "1.0.0",
      env: {},
      endpoint: url.toString(),
      apiKey: "project-key-should-not-be-logged",
      deviceId: "app",
    });
    await telemetry.track("token.getBalance", undefined, async () => 1);
    await telemetry.flush();
    // Credentials in the endpoint URL go out as HTTP Basic authorization (fetch refuses them in URLs).
    expect(sink.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`collector:${SPONSOR_API_KEY}`).toString("base64")}`,
    );
    expect(sink.requests[0]!.path).toBe(`/2/httpapi?apikey=${SPONSOR_API_KEY}`);
    await telemetry.track("token.getBalance", undefined, async () => 1);
    await telemetry.flush();
    expect(warn).toHaveBeenCalledTimes(1);
    const text = String(warn.mock.calls[0]![0]);
    expect(text).toContain(`127.0.0.1:${url.port}`);
    expect(text).toContain("HTTP 400");
    expect(text).not.toContain(SPONSOR_API_KEY);
    expect(text).not.toContain("project-key-should-not-be-logged");
    expect(text).not.toContain("apikey");
  });
});
