// Issue 25, items 3 and 4, on the devnet:
// - a flow preflow prepares passes its own checks: a contract call to USDm's own transferFrom after the self-approval
//   on USDm (the approval step and the call go to the same address) parses, formats, simulates, dry-runs and
//   executes (the intent is checked against the last step, not the first step sent to USDm);
// - deadlines keep to the clock: on a chain whose last block is 10 minutes old (the local clock set 10 minutes
//   after it), a swap's deadline is at least now + 300 s - 5; an expired flow is flagged by formatPreparedFlow and
//   isPreparedFlowExpired, and simulates as the revert it will be.
import { useDevnet } from "@preflow/devnet/vitest";
import { erc20Abi, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createSdkClient,
  executePreparedFlow,
  formatPreparedFlow,
  isPreparedFlowExpired,
  parsePreparedFlow,
  swapActions,
  TOKENS,
} from "../src/index.js";
import { devnetClients, executeFlow, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const client = createSdkClient({
  rpcUrl: devnet.rpcUrl,
  attributionTags: ["flowchecks_test"],
  analyticsEnabled: false,
}).extend(swapActions);
const { USDm } = TOKENS;

afterEach(() => {
  vi.useRealTimers();
});

describe("a contract call to the token it approves (issue 25, item 3)", () => {
  it("USDm.transferFrom after the self-approval on USDm passes every check and executes", async () => {
    const owner = await freshAccount(devnet, { CELO: "1", USDm: "5" });
    const receiver = await freshAccount(devnet, { CELO: "0" });
    const flow = await client.transaction.prepareContractCall(owner.address, {
      to: USDm.address,
      abi: erc20Abi,
      functionName: "transferFrom",
      args: [owner.address, receiver.address, parseUnits("2", 18)],
      // The caller of transferFrom spends its own allowance: the self-approval (both steps go to USDm).
      approvals: [{ token: "USDm", amount: "2", spender: owner.address }],
    });
    expect(flow.steps.map((step) => step.call?.functionName)).toEqual(["approve", "transferFrom"]);
    expect(flow.steps.every((step) => step.to === USDm.address)).toBe(true);
    expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
    expect(formatPreparedFlow(flow)).toContain("You call transferFrom on USDm");
    const simulation = await client.transaction.simulatePreparedFlow(flow);
    expect(simulation.steps.map((step) => step.revertReason?.message ?? step.status)).toEqual([
      "success",
      "success",
    ]);
    const dry = await executePreparedFlow(client.publicClient, {
      account: privateKeyToAccount(owner.privateKey),
      flow,
      dryRun: true,
    });
    expect(dry.status).toBe("success");
    await executeFlow(devnet, owner.privateKey, flow);
    const { publicClient } = devnetClients(devnet, owner.privateKey);
    const received = await publicClient.readContract({
      address: USDm.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [receiver.address],
    });
    expect(received).toBe(parseUnits("2", 18));
  });
});

describe("deadlines keep to the clock (issue 25, item 4)", () => {
  it("a swap prepared when the last block is 10 minutes old has deadline >= now + 300 - 5", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDC: "10" });
    const { publicClient } = devnetClients(devnet, trader.privateKey);
    const latest = await publicClient.getBlock({ blockTag: "latest" });
    // The local clock 10 minutes after the chain's last block: the chain has not produced a block since.
    const nowMs = Number(latest.timestamp + 600n) * 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: nowMs });
    const flow = await client.swap.prepareSwap(trader.address, "USDC", "USDm", "1", { venue: "uniswap" });
    const deadline = BigInt((flow.intent as { deadline: string }).deadline);
    expect(deadline).toBeGreaterThanOrEqual(BigInt(Math.floor(nowMs / 1000)) + 300n - 5n);
    expect(flow.expiresAt).toBe(deadline.toString());
    expect(isPreparedFlowExpired(flow)).toBe(false);
    expect(formatPreparedFlow(flow)).toContain(`expires `);
    expect(formatPreparedFlow(flow)).not.toContain("EXPIRED");
  });

  it("an expired swap is flagged, and simulates as the revert it will be", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDC: "10" });
    const flow = await client.swap.prepareSwap(trader.address, "USDC", "USDm", "1", {
      venue: "uniswap",
      deadlineSeconds: 5,
    });
    const { publicClient } = devnetClients(devnet, trader.privateKey);
    const latest = await publicClient.getBlock({ blockTag: "latest" });
    // The local clock a minute after the deadline (and after the chain's last block).
    const later =
      (BigInt(flow.expiresAt!) > latest.timestamp ? BigInt(flow.expiresAt!) : latest.timestamp) + 60n;
    vi.useFakeTimers({ toFake: ["Date"], now: Number(later) * 1000 });
    expect(isPreparedFlowExpired(flow)).toBe(true);
    expect(formatPreparedFlow(flow)).toContain("EXPIRED at");
    const simulation = await client.transaction.simulatePreparedFlow(flow);
    expect(simulation.failedStep).toBe(flow.steps.length - 1);
    expect(simulation.steps.at(-1)?.revertReason?.message).toMatch(/Transaction too old/);
  });

  it("simulates when the local clock is behind the chain (the node's own time is used)", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDC: "10" });
    const flow = await client.swap.prepareSwap(trader.address, "USDC", "USDm", "1", { venue: "uniswap" });
    const { publicClient } = devnetClients(devnet, trader.privateKey);
    const latest = await publicClient.getBlock({ blockTag: "latest" });
    vi.useFakeTimers({ toFake: ["Date"], now: Number(latest.timestamp - 3600n) * 1000 });
    const simulation = await client.transaction.simulatePreparedFlow(flow);
    expect(simulation.failedStep).toBeNull();
  });
});
