// Per-call cost of read telemetry on the devnet: the same read (`token.getBalance`) from a client with
// telemetry on (sending to a local sink) and from one with it off, interleaved in rounds so load drift hits
// both alike. Run: `pnpm --filter @preflow/core bench`. Prints figures; asserts nothing about time.
import { useDevnet } from "@preflow/devnet/vitest";
import { afterAll, beforeAll, it } from "vitest";
import { createSdkClient, flushTelemetry } from "../src/index.js";
import { startTelemetrySink, type TelemetrySink } from "../test/support/telemetrySink.js";
import { freshAccount } from "../test/support/wallet.js";

const devnet = useDevnet();
let sink: TelemetrySink;

beforeAll(async () => {
  sink = await startTelemetrySink();
});
afterAll(() => sink.close());

it("tracked vs untracked read on the devnet", async () => {
  const owner = (await freshAccount(devnet, { CELO: "1", USDm: "1" })).address;
  const untracked = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
  // The bench config sets DO_NOT_TRACK=1 for every file; this file's worker measures telemetry, so it lifts it.
  delete process.env.DO_NOT_TRACK;
  const tracked = createSdkClient({
    rpcUrl: devnet.rpcUrl,
    analyticsEnabled: true,
    telemetryEndpoint: sink.url,
    analyticsDeviceId: "bench",
  });
  await untracked.token.getBalance(owner, "USDm");
  await tracked.token.getBalance(owner, "USDm");

  const ROUNDS = 15;
  const CALLS = 100;
  const perCall = { tracked: [] as number[], untracked: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, client] of [
      ["untracked", untracked],
      ["tracked", tracked],
    ] as const) {
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) await client.token.getBalance(owner, "USDm");
      perCall[name].push(((performance.now() - started) * 1000) / CALLS);
    }
  }
  await flushTelemetry({ timeoutMs: 3000 });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const t = median(perCall.tracked);
  const u = median(perCall.untracked);
  console.log(
    `token.getBalance on the devnet, median of ${ROUNDS} rounds x ${CALLS} calls: ` +
      `untracked ${u.toFixed(0)} µs/call, tracked ${t.toFixed(0)} µs/call, ` +
      `overhead ${(t - u).toFixed(1)} µs/call, ratio ${(t / u).toFixed(3)} ` +
      `(goal: under 2% or 20 µs); sink received ${sink.received.length} batch request(s)`,
  );
});
