// pnpm --filter @preflow/x402 bench
// One devnet, one process: a paid request (0.01 USDC, settled on the devnet by the reference facilitator behind
// the reference @x402/express paywall) made by preflow's createX402Fetch (limits perPayment + perDay, the payment
// recorded) against the reference client doing the same work (x402Client + ExactEvmScheme + wrapFetchWithPayment).
// One warm-up request each, then rounds alternate which side goes first. Figures are printed as ratios; nothing here asserts on time.
import { startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { createX402Fetch } from "../src/index.js";
import { referenceFacilitator, startPaywall } from "../test/support/servers.js";

const ROUNDS = 20;
const devnet = useDevnet();

describe("a paid request: createX402Fetch vs the reference client", () => {
  it(`prints round trips and time over ${ROUNDS} rounds`, async () => {
    const payTo = privateKeyToAccount(generatePrivateKey()).address;
    const paywall = await startPaywall({ facilitator: await referenceFacilitator(devnet), payTo });
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl }); // counts the payer side's RPC requests
    const payers = await Promise.all(
      [0, 1].map(async () => {
        const account = privateKeyToAccount(generatePrivateKey());
        await devnet.fund(account.address, "USDC", "10");
        return account;
      }),
    );
    const preflow = createX402Fetch({
      account: payers[0]!,
      rpcUrl: rpc.url,
      limits: { perPayment: { USDC: "0.05" }, perDay: { USDC: "5" } },
    });
    const reference = wrapFetchWithPayment(
      fetch,
      new x402Client().register("eip155:42220", new ExactEvmScheme(payers[1]!)),
    );
    const sides = { preflow, reference } as const;
    const totals = { preflow: { ms: 0, trips: 0 }, reference: { ms: 0, trips: 0 } };
    try {
      // one unmeasured request each first (module and JIT warm-up)
      for (const side of ["preflow", "reference"] as const)
        await (await sides[side](`${paywall.url}/quote`)).arrayBuffer();
      for (let round = 0; round < ROUNDS; round++) {
        const order =
          round % 2 === 0 ? (["preflow", "reference"] as const) : (["reference", "preflow"] as const);
        for (const side of order) {
          const before = paywall.requests.length;
          const started = performance.now();
          const response = await sides[side](`${paywall.url}/quote`);
          totals[side].ms += performance.now() - started;
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          totals[side].trips += paywall.requests.length - before;
        }
      }
      const per = (side: keyof typeof totals) => ({
        "round trips per paid request": totals[side].trips / ROUNDS,
        "ms per paid request": +(totals[side].ms / ROUNDS).toFixed(1),
      });
      console.log(
        `x402 paid request, ${ROUNDS} rounds each (settlement by the reference facilitator on the devnet)`,
      );
      console.table({
        "preflow createX402Fetch": per("preflow"),
        "reference wrapFetchWithPayment": per("reference"),
      });
      console.log(
        `ratios preflow/reference: round trips ${(totals.preflow.trips / totals.reference.trips).toFixed(2)}, ` +
          `time ${(totals.preflow.ms / totals.reference.ms).toFixed(2)}; ` +
          `preflow's RPC requests on the payer side: ${rpc.count("*")}`,
      );
    } finally {
      await rpc.close();
      await paywall.close();
    }
  });
});
