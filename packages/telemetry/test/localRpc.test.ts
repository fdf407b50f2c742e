// Development against a local chain is not usage: a loopback or private `rpcUrl` turns telemetry off, unless
// an endpoint was named explicitly (your own collector). Requests are counted at a real local sink and at the
// `fetch` the instance was given.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createTelemetry, isLocalRpcUrl } from "../src/index.js";
import { ADDRESS, type Sink, startSink } from "./sink.js";

let sink: Sink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

const octet = fc.integer({ min: 0, max: 255 });

describe("isLocalRpcUrl", () => {
  it("knows loopback, private, link-local and localhost hosts in every spelling WHATWG URL accepts", () => {
    for (const url of [
      "http://127.0.0.1:8545",
      "http://127.1:8545",
      "http://2130706433/",
      "http://0x7f000001/",
      "http://localhost:8545",
      "http://LOCALHOST./",
      "http://anvil.localhost/",
      "http://10.1.2.3/",
      "http://172.16.0.1/",
      "http://172.31.255.255/",
      "http://192.168.1.20:8545",
      "http://169.254.1.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0:8545",
      "http://[::1]:8545",
      "http://[::]/",
      "http://[fd12:3456::1]/",
      "http://[fe80::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://user:pass@127.0.0.1/?apikey=x",
      "ws://127.0.0.1:8546",
    ])
      expect(isLocalRpcUrl(url), url).toBe(true);
    for (const url of [
      "https://forno.celo.org",
      "https://8.8.8.8/",
      "http://172.15.0.1/",
      "http://172.32.0.1/",
      "http://192.169.0.1/",
      "http://100.128.0.1/",
      "http://[2001:db8::1]/",
      "http://[::ffff:8.8.8.8]/",
      "http://127.0.0.1.example.com/",
      "http://localhost.example.com/",
      "not a url",
      "",
      "127.0.0.1:8545", // not an absolute URL
    ])
      expect(isLocalRpcUrl(url), url).toBe(false);
  });

  it("property: never throws, and classifies every IPv4 address by its range", () => {
    fc.assert(fc.property(fc.string(), (text) => typeof isLocalRpcUrl(text) === "boolean"));
    fc.assert(fc.property(fc.webUrl(), (url) => typeof isLocalRpcUrl(url) === "boolean"));
    fc.assert(
      fc.property(octet, octet, octet, octet, fc.integer({ min: 1, max: 65535 }), (a, b, c, d, port) => {
        const local =
          a === 127 ||
          a === 10 ||
          (a === 172 && b >= 16 && b <= 31) ||
          (a === 192 && b === 168) ||
          (a === 169 && b === 254) ||
          (a === 100 && b >= 64 && b <= 127) ||
          (a === 0 && b === 0 && c === 0 && d === 0);
        expect(isLocalRpcUrl(`http://${a}.${b}.${c}.${d}:${port}/rpc`)).toBe(local);
        // The same address mapped into IPv6 gets the same answer.
        expect(isLocalRpcUrl(`http://[::ffff:${a}.${b}.${c}.${d}]/`)).toBe(local);
      }),
    );
  });
});

describe("telemetry with a local rpcUrl", () => {
  async function run(options: { rpcUrl: string; endpoint?: string; env?: Record<string, string> }) {
    sink = await startSink();
    let fetchCalls = 0;
    const telemetry = createTelemetry({
      sdkVersion: "1.0.0",
      deviceId: "x",
      env: options.env ?? {},
      rpcUrl: options.rpcUrl,
      ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
      fetch: (url, init) => {
        fetchCalls++;
        // Whatever the URL (the default endpoint too), the request goes to the local sink: nothing leaves.
        return fetch(sink?.url ?? url, init);
      },
    });
    for (let i = 0; i < 5; i++) await telemetry.track("token.getBalance", ADDRESS, async () => i);
    await telemetry.flush({ timeoutMs: 2_000 });
    return { enabled: telemetry.enabled, fetchCalls, received: sink.requests.length };
  }

  it("sends nothing for a devnet on 127.0.0.1 or a node on the LAN", async () => {
    expect(await run({ rpcUrl: "http://127.0.0.1:8545" })).toEqual({
      enabled: false,
      fetchCalls: 0,
      received: 0,
    });
    await sink?.close();
    expect(await run({ rpcUrl: "http://192.168.1.20:8545" })).toEqual({
      enabled: false,
      fetchCalls: 0,
      received: 0,
    });
  });

  it("sends for a public rpcUrl", async () => {
    expect(await run({ rpcUrl: "https://forno.celo.org" })).toEqual({
      enabled: true,
      fetchCalls: 1,
      received: 1,
    });
  });

  it("an explicit endpoint (option or PREFLOW_TELEMETRY_ENDPOINT) still receives events from a local chain", async () => {
    const local = "http://127.0.0.1:8545";
    expect(await run({ rpcUrl: local, endpoint: "http://127.0.0.1:1/collector" })).toMatchObject({
      enabled: true,
      received: 1,
    });
    await sink?.close();
    expect(
      await run({ rpcUrl: local, env: { PREFLOW_TELEMETRY_ENDPOINT: "http://127.0.0.1:1/collector" } }),
    ).toMatchObject({ enabled: true, received: 1 });
  });
});
