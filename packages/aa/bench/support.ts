// What the aa benches share: the two sides (createAAClient, plain permissionless), counting proxies per side, one
// measured run, and the printed comparison. Figures are printed; nothing here asserts on time.
import type { SerializedPreparedFlow } from "@preflow/core";
import type { DevnetClient } from "@preflow/devnet";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createSmartAccountClient } from "permissionless";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { type Address, createPublicClient, http, type PublicClient, type Transport } from "viem";
import type { SmartAccount } from "viem/account-abstraction";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, expect, it } from "vitest";
import { createAAClient } from "../src/index.js";
import { approveAndDeposit, fund, sponsorship } from "../test/helpers/fixtures.js";

export type Sample = { ms: number; requests: number; rpc: number; sponsor: number };
export type Side = {
  name: string;
  rpc: FaultProxy;
  sponsor: FaultProxy;
  create(): Promise<{ address: `0x${string}`; send(flow: SerializedPreparedFlow): Promise<boolean> }>;
};

/** A counting proxy in front of the devnet's RPC and one in front of its sponsor endpoint; closed by `close`. */
export async function proxiesFor(
  devnet: DevnetClient,
  opened: FaultProxy[],
): Promise<{ rpc: FaultProxy; sponsor: FaultProxy }> {
  const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
  const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
  opened.push(rpc, sponsor);
  return { rpc, sponsor };
}

/** Runs `run` once, counting the requests that reached the side's proxies. */
export async function measure(side: Side, run: () => Promise<boolean>): Promise<Sample> {
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

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** One printed row: median times and their ratio, mean requests (rpc, sponsor) and their ratio. */
export function comparisonRow(label: string, a: Sample[], b: Sample[]): string {
  const ratio = median(a.map((s) => s.ms)) / median(b.map((s) => s.ms));
  const requestsA = mean(a.map((s) => s.requests));
  const requestsB = mean(b.map((s) => s.requests));
  return `${label.padEnd(34)} ${median(a.map((s) => s.ms))
    .toFixed(0)
    .padStart(6)} ms ${median(b.map((s) => s.ms))
    .toFixed(0)
    .padStart(6)} ms   ratio ${ratio.toFixed(3)}   requests ${requestsA
    .toFixed(1)
    .padStart(
      5,
    )} (rpc ${mean(a.map((s) => s.rpc)).toFixed(1)}, sponsor ${mean(a.map((s) => s.sponsor)).toFixed(1)}) vs ${requestsB
    .toFixed(1)
    .padStart(
      5,
    )} (rpc ${mean(b.map((s) => s.rpc)).toFixed(1)}, sponsor ${mean(b.map((s) => s.sponsor)).toFixed(1)})   requests ratio ${requestsB === 0 ? "n/a" : (requestsA / requestsB).toFixed(3)}`;
}

/**
 * Alternating which side goes first each round: creates a client, funds its account with 1 USDm, then sends
 * approve + deposit twice (first send: deployment or delegation; second: a ready account). Prints medians,
 * ratios and request counts.
 */
export async function compareSides(
  devnet: DevnetClient,
  sides: [Side, Side],
  rounds: number,
  title: string,
  firstSendLabel: string,
): Promise<void> {
  const samples = new Map<string, { create: Sample[]; cold: Sample[]; warm: Sample[] }>(
    sides.map((side) => [side.name, { create: [], cold: [], warm: [] }]),
  );
  for (let round = 0; round < rounds; round++) {
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
  const rows = [
    comparisonRow("create client", ours!.create, plain!.create),
    comparisonRow(firstSendLabel, ours!.cold, plain!.cold),
    comparisonRow("send, ready account", ours!.warm, plain!.warm),
    comparisonRow("send, all", [...ours!.cold, ...ours!.warm], [...plain!.cold, ...plain!.warm]),
  ];
  console.log(
    [
      "",
      `${title}, median of ${rounds} rounds, same devnet`,
      `${"".padEnd(34)} preflow    plain`,
      ...rows,
      "",
    ].join("\n"),
  );
}

/** A public client on the devnet's chain (Celo). */
export type CeloPublicClient = PublicClient<Transport, typeof celo>;

/** The plain-permissionless side's account kind: how its smart account is made and what its UserOperations add. */
export interface PlainAccountKind {
  name: string;
  entryPoint: { address: Address; version: "0.7" | "0.8" };
  /** The smart account over `owner` (permissionless's `toSimpleSmartAccount`, `to7702SimpleSmartAccount`…). */
  account(publicClient: CeloPublicClient, owner: PrivateKeyAccount): Promise<SmartAccount>;
  /** The address that is funded and sends (the smart account's, or the owner's own for EIP-7702). */
  address(owner: PrivateKeyAccount, account: SmartAccount): Address;
  /** What each UserOperation carries besides its calls (an EIP-7702 authorization on the first send). */
  extras?(publicClient: CeloPublicClient, owner: PrivateKeyAccount): Promise<Record<string, unknown>>;
}

/**
 * One bench of `createAAClient` (with `smartAccount`) against the same UserOperation sent with plain permissionless
 * (`plain`): a devnet, counting proxies per side closed after the run, `BENCH_ROUNDS` rounds (default 8) compared
 * by {@link compareSides}. Each bench file is its two sides' differences and this call.
 */
export function benchAgainstPermissionless(spec: {
  title: string;
  preflow: { name: string; smartAccount?: "simple-7702" };
  plain: PlainAccountKind;
  firstSendLabel: string;
}): void {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
  const devnet = useDevnet();
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  async function preflowSide(): Promise<Side> {
    const { rpc, sponsor } = await proxiesFor(devnet, proxies);
    return {
      name: spec.preflow.name,
      rpc,
      sponsor,
      async create() {
        const aa = await createAAClient({
          owner: privateKeyToAccount(generatePrivateKey()),
          gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
          rpcUrl: rpc.url,
          ...(spec.preflow.smartAccount ? { smartAccount: spec.preflow.smartAccount } : {}),
        });
        return {
          address: aa.smartAccountAddress,
          send: async (flow) => (await aa.sendPreparedFlow(flow, { mode: "batch" })).success,
        };
      },
    };
  }

  async function plainSide(): Promise<Side> {
    const { rpc, sponsor } = await proxiesFor(devnet, proxies);
    const sponsorUrl = `${sponsor.url}v2/42220/rpc?apikey=${devnet.sponsorApiKey}`;
    const kind = spec.plain;
    return {
      name: kind.name,
      rpc,
      sponsor,
      async create() {
        const owner = privateKeyToAccount(generatePrivateKey());
        const publicClient = createPublicClient({ chain: celo, transport: http(rpc.url) });
        const account = await kind.account(publicClient, owner);
        const pimlico = createPimlicoClient({
          chain: celo,
          transport: http(sponsorUrl),
          entryPoint: kind.entryPoint,
        });
        const client = createSmartAccountClient({
          account,
          chain: celo,
          bundlerTransport: http(sponsorUrl),
          paymaster: pimlico,
          userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
        });
        return {
          address: kind.address(owner, account),
          async send(flow) {
            const hash = await client.sendUserOperation({
              calls: flow.steps.map((step) => ({ to: step.to, data: step.data, value: BigInt(step.value) })),
              ...(kind.extras ? await kind.extras(publicClient, owner) : {}),
            } as never);
            return (await client.waitForUserOperationReceipt({ hash })).success;
          },
        };
      },
    };
  }

  it(`${spec.title}, ${rounds} rounds`, async () => {
    await compareSides(
      devnet,
      [await preflowSide(), await plainSide()],
      rounds,
      spec.title,
      spec.firstSendLabel,
    );
  });
}
