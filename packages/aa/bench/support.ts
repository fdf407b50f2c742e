// What the aa benches share: counting proxies per side, one measured run, and the printed comparison. Figures
// are printed; nothing here asserts on time.
import type { SerializedPreparedFlow } from "@preflow/core";
import type { DevnetClient } from "@preflow/devnet";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { expect } from "vitest";
import { approveAndDeposit, fund } from "../test/helpers/fixtures.js";

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
