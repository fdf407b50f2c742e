// pnpm --filter @preflow/budget bench
// One devnet, one process: a USDC send of the owner's tokens by the agent through the budget
// (executeWithBudget: budget read, redemption prepared, re-read before the send, redeemDelegations) against a
// plain send by the owner's own key (prepareSend + executePreparedFlow), same token, amount and recipient.
// Gas from the receipts, HTTP requests counted at a proxy, time as medians; rounds alternate which side goes
// first. Figures are printed as ratios; nothing here asserts on time.
import { createSdkClient, executePreparedFlow, prepareSend } from "@preflow/core";
import { startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { executeWithBudget, grantAgentBudget } from "../src/index.js";

const ROUNDS = 10;
const devnet = useDevnet();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe("a budget send vs a plain send", () => {
  it(`prints gas, requests and time over ${ROUNDS} rounds`, async () => {
    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    const client = createSdkClient({ rpcUrl: proxy.url });
    const owner = privateKeyToAccount(generatePrivateKey());
    const plainOwner = privateKeyToAccount(generatePrivateKey());
    const agent = privateKeyToAccount(generatePrivateKey());
    const shop = privateKeyToAccount(generatePrivateKey()).address;
    for (const who of [owner.address, plainOwner.address]) {
      await devnet.fund(who, "CELO", "10");
      await devnet.fund(who, "USDC", "1000");
    }
    await devnet.fund(agent.address, "CELO", "10");
    const { budget } = await grantAgentBudget(client, {
      owner,
      agent: agent.address,
      limits: { USDC: { perDay: "1000" } },
      recipients: [shop],
    });
    const sides = {
      budget: async () => {
        const flow = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "1" });
        return executeWithBudget(client, { budget, agent, flow });
      },
      plain: async () => {
        const flow = await prepareSend(client, {
          from: plainOwner.address,
          to: shop,
          token: "USDC",
          amount: "1",
        });
        return executePreparedFlow(client.publicClient, { account: plainOwner, flow });
      },
    } as const;
    const runs = {
      budget: { gas: [] as number[], requests: [] as number[], ms: [] as number[] },
      plain: { gas: [] as number[], requests: [] as number[], ms: [] as number[] },
    };
    try {
      for (const side of ["budget", "plain"] as const) await sides[side](); // warm-up (first redemption initialises the enforcer's storage)
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of round % 2 === 0
          ? (["budget", "plain"] as const)
          : (["plain", "budget"] as const)) {
          const before = proxy.requests;
          const started = performance.now();
          const result = await sides[side]();
          runs[side].ms.push(performance.now() - started);
          runs[side].requests.push(proxy.requests - before);
          expect(result.status).toBe("success");
          runs[side].gas.push(Number(result.steps.reduce((sum, s) => sum + BigInt(s.gasUsed ?? 0), 0n)));
        }
      }
      const row = (side: keyof typeof runs) => ({
        "gas (median)": median(runs[side].gas),
        "HTTP requests (median)": median(runs[side].requests),
        "ms (median)": +median(runs[side].ms).toFixed(1),
      });
      console.log(
        `USDC send of 1, ${ROUNDS} rounds each, after one warm-up (prepareSend included on both sides)`,
      );
      console.table({
        "budget (executeWithBudget, agent's key)": row("budget"),
        "plain (executePreparedFlow, owner's key)": row("plain"),
      });
      const ratio = (key: "gas" | "requests" | "ms") =>
        (median(runs.budget[key]) / median(runs.plain[key])).toFixed(2);
      console.log(
        `ratios budget/plain: gas ${ratio("gas")}, requests ${ratio("requests")}, time ${ratio("ms")}`,
      );
    } finally {
      await proxy.close();
    }
  });
});
