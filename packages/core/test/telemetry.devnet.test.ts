import { startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { flushTelemetry } from "@preflow/telemetry";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createSdkClient, SDK_VERSION, TokenReadError } from "../src/index.js";
import { answerAsAbsentContracts } from "./support/absentContracts.js";
import { startTelemetrySink, type TelemetryBatch, type TelemetrySink } from "./support/telemetrySink.js";
import { freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
let sink: TelemetrySink;
let received: TelemetryBatch[];
let sinkUrl: string;

beforeAll(async () => {
  // vitest.config.ts sets DO_NOT_TRACK for every test file; this one checks the wiring against a local sink.
  delete process.env.DO_NOT_TRACK;
  sink = await startTelemetrySink();
  ({ received, url: sinkUrl } = sink);
});
afterAll(() => sink.close());

const events = () => sink.events();

describe("telemetry wiring", () => {
  it("every read reports one event; prepare* never does; no secret, URL or amount is sent", async () => {
    const signer = privateKeyToAccount(generatePrivateKey()).address;
    // Every registry token is on the devnet: the failed read comes from a proxy answering as for no contract.
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
    onTestFinished(() => rpc.close());
    const client = createSdkClient({
      rpcUrl: `${rpc.url}?apikey=rpc_secret_999`,
      telemetryEndpoint: sinkUrl,
      telemetryApiKey: "telemetry_test_key",
      analyticsDeviceId: "core_tests",
      analyticsWalletAddress: signer,
      attributionTags: ["telemetry_test"],
    });
    const alice = await freshAccount(devnet, { CELO: "1", USDm: "4" });
    await client.token.getBalance(alice.address, "USDm");
    await client.token.getBalances(alice.address, ["USDm", "CELO"]);
    await client.token.getAllowance(alice.address, signer, "USDm");
    await client.token.getTokenInfo("USDm");
    await client.network.getStatus();
    const empty = answerAsAbsentContracts(rpc);
    await expect(client.token.getBalance(alice.address, "KESm")).rejects.toBeInstanceOf(TokenReadError);
    empty.remove();
    await client.transaction.prepareSend(alice.address, signer, "USDm", "1.234567");
    await client.transaction.prepareApprove(alice.address, signer, "USDm", "1");
    await flushTelemetry();

    expect(received.every((batch) => batch.api_key === "telemetry_test_key")).toBe(true);
    const seen = events().map((event) => [
      event.event_type,
      event.user_id,
      (event.event_properties as { outcome: string }).outcome,
    ]);
    const a = alice.address.toLowerCase();
    const s = signer.toLowerCase();
    expect(seen).toEqual([
      ["token.getBalance", a, "ok"],
      ["token.getBalances", a, "ok"],
      ["token.getAllowance", a, "ok"],
      ["token.getTokenInfo", s, "ok"],
      ["network.getStatus", s, "ok"],
      ["token.getBalance", a, "TOKEN_READ_FAILED"],
    ]);
    for (const event of events()) {
      expect(event.device_id).toBe("core_tests");
      expect((event.event_properties as { sdk_version: string }).sdk_version).toBe(SDK_VERSION);
    }
    const wire = JSON.stringify(received);
    expect(wire).not.toContain("rpc_secret_999");
    expect(wire).not.toContain("127.0.0.1");
    expect(wire).not.toContain("1.234567"); // the amount (durations have at most 3 decimals, so no false match)
    expect(wire).not.toContain("a9059cbb");
  });

  it("analyticsEnabled: false sends nothing", async () => {
    received.length = 0;
    const client = createSdkClient({
      rpcUrl: devnet.rpcUrl,
      telemetryEndpoint: sinkUrl,
      analyticsEnabled: false,
    });
    await client.network.getStatus();
    await flushTelemetry();
    expect(received).toEqual([]);
  });

  it("a client on the devnet (a loopback rpcUrl) with the default endpoint sends nothing: development is not usage", async () => {
    delete process.env.PREFLOW_TELEMETRY_ENDPOINT;
    // Funded before fetch is watched: the devnet funds through anvil's own URL, not the client's rpcUrl.
    const alice = await freshAccount(devnet, { CELO: "1", USDm: "1" });
    // Every request the process makes goes through the global fetch (viem's transport and telemetry alike):
    // record the hosts, pass each request on unchanged.
    const hosts: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      hosts.push(new URL(input instanceof Request ? input.url : String(input)).host);
      return realFetch(input, init);
    };
    try {
      const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsDeviceId: "core_tests" });
      await client.token.getBalance(alice.address, "USDm");
      await client.network.getStatus();
      await flushTelemetry();
    } finally {
      globalThis.fetch = realFetch;
    }
    const rpcHost = new URL(devnet.rpcUrl).host;
    expect(hosts.length).toBeGreaterThanOrEqual(2); // the reads themselves did go out, through this fetch
    expect(hosts.filter((host) => host !== rpcHost)).toEqual([]);
  });
});
