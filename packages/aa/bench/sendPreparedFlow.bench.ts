// pnpm --filter @preflow/aa bench
// One devnet, same process: sendPreparedFlow (batch of 2 steps: approve + vault deposit) against the same
// UserOperation sent with plain permissionless (createSmartAccountClient + createPimlicoClient as paymaster,
// fees from pimlico_getUserOperationGasPrice: the devnet self-test's setup). Each side talks through its own
// counting proxies (same overhead on both sides). Rounds alternate which side goes first. Figures are
// printed; nothing here asserts on time.
import type { SerializedPreparedFlow } from "@preflow/core";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createSmartAccountClient } from "permissionless";
import { toSimpleSmartAccount } from "permissionless/accounts";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { createPublicClient, http } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, expect, it } from "vitest";
import { createAAClient } from "../src/index.js";
import { approveAndDeposit, fund, sponsorship } from "../test/helpers/fixtures.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const devnet = useDevnet();

type Sample = { ms: number; requests: number; rpc: number; sponsor: number };
type Side = {
  name: string;
  rpc: FaultProxy;
  sponsor: FaultProxy;
  create(): Promise<{ address: `0x${string}`; send(flow: SerializedPreparedFlow): Promise<boolean> }>;
};

const proxies: FaultProxy[] = [];
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

async function proxiesFor(): Promise<{ rpc: FaultProxy; sponsor: FaultProxy }> {
  const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
  const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
  proxies.push(rpc, sponsor);
  return { rpc, sponsor };
}

async function preflowSide(): Promise<Side> {
  const { rpc, sponsor } = await proxiesFor();
  return {
    name: "preflow sendPreparedFlow",
    rpc,
    sponsor,
    async create() {
      const aa = await createAAClient({
        owner: privateKeyToAccount(generatePrivateKey()),
        gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
        rpcUrl: rpc.url,
      });
      return {
        address: aa.smartAccountAddress,
        send: async (flow) => (await aa.sendPreparedFlow(flow, { mode: "batch" })).success,
      };
    },
  };
}

async function plainSide(): Promise<Side> {
  const { rpc, sponsor } = await proxiesFor();
  const sponsorUrl = `${sponsor.url}v2/42220/rpc?apikey=${devnet.sponsorApiKey}`;
  return {
    name: "plain permissionless",
    rpc,
    sponsor,
    async create() {
      const publicClient = createPublicClient({ chain: celo, transport: http(rpc.url) });
      const account = await toSimpleSmartAccount({
        client: publicClient,
        owner: privateKeyToAccount(generatePrivateKey()),
        entryPoint: { address: entryPoint07Address, version: "0.7" },
      });
      const pimlico = createPimlicoClient({
        chain: celo,
        transport: http(sponsorUrl),
        entryPoint: { address: entryPoint07Address, version: "0.7" },
      });
      const client = createSmartAccountClient({
        account,
        chain: celo,
        bundlerTransport: http(sponsorUrl),
        paymaster: pimlico,
        userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
      });
      return {
        address: account.address,
        async send(flow) {
          const hash = await client.sendUserOperation({
            calls: flow.steps.map((step) => ({ to: step.to, data: step.data, value: BigInt(step.value) })),
          });
          return (await client.waitForUserOperationReceipt({ hash })).success;
        },
      };
    },
  };
}

async function measure(side: Side, run: () => Promise<boolean>): Promise<Sample> {
  side.rpc.reset();
  side.sponsor.reset();
  const start = performance.now();
  const ok = await run();
  const ms = performance.now() - start;
  expect(ok).toBe(true);
  const rpc = side.rpc.requests;
  const sponsor = side.sponsor.requests;
  return { ms, requests: rpc + sponsor, rpc, sponsor };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

it(`sendPreparedFlow vs plain permissionless, ${ROUNDS} rounds`, async () => {
  const sides = [await preflowSide(), await plainSide()];
  const samples = new Map<string, { create: Sample[]; cold: Sample[]; warm: Sample[] }>(
    sides.map((side) => [side.name, { create: [], cold: [], warm: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const bucket = samples.get(side.name)!;
      let account!: Awaited<ReturnType<Side["create"]>>;
      bucket.create.push(
        await measure(side, async () => {
          account = await side.create();
          return true;
        }),
      );
      await fund(devnet, account.address, "USDm", "1");
      const first = await approveAndDeposit(devnet, account.address, 10n ** 17n);
      bucket.cold.push(await measure(side, () => account.send(first)));
      const second = await approveAndDeposit(devnet, account.address, 10n ** 17n);
      bucket.warm.push(await measure(side, () => account.send(second)));
    }
  }
  const [ours, plain] = sides.map((side) => samples.get(side.name)!);
  const rows: string[] = [];
  const line = (label: string, a: Sample[], b: Sample[]) => {
    const ratio = median(a.map((s) => s.ms)) / median(b.map((s) => s.ms));
    rows.push(
      `${label.padEnd(34)} ${median(a.map((s) => s.ms))
        .toFixed(0)
        .padStart(6)} ms ${median(b.map((s) => s.ms))
        .toFixed(0)
        .padStart(6)} ms   ratio ${ratio.toFixed(3)}   requests ${mean(a.map((s) => s.requests))
        .toFixed(1)
        .padStart(
          5,
        )} (rpc ${mean(a.map((s) => s.rpc)).toFixed(1)}, sponsor ${mean(a.map((s) => s.sponsor)).toFixed(1)}) vs ${mean(
        b.map((s) => s.requests),
      )
        .toFixed(1)
        .padStart(
          5,
        )} (rpc ${mean(b.map((s) => s.rpc)).toFixed(1)}, sponsor ${mean(b.map((s) => s.sponsor)).toFixed(1)})`,
    );
  };
  line("create client", ours!.create, plain!.create);
  line("send, new account (deploys)", ours!.cold, plain!.cold);
  line("send, deployed account", ours!.warm, plain!.warm);
  line("send, all", [...ours!.cold, ...ours!.warm], [...plain!.cold, ...plain!.warm]);
  console.log(
    [
      "",
      `sendPreparedFlow (batch: approve + deposit) vs plain permissionless, median of ${ROUNDS} rounds, same devnet`,
      `${"".padEnd(34)} preflow    plain`,
      ...rows,
      "",
    ].join("\n"),
  );
});
