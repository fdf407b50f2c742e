// executePreparedFlow's `beforeBroadcast` hook on the devnet: the caller's write-ahead record can hold a signed
// step back and veto its send. A hook that rejects or hangs leaves nothing on chain (the signer's nonce is unchanged
// and the hash it would have had is unknown to the node); one that resolves lets the flow run as before, with the
// same HTTP requests (the proxy counts them). The steps are signed by a real viem local account and really mined.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BeforeBroadcastStep,
  createSdkClient,
  type ExecutionStepEvent,
  executePreparedFlow,
  InvalidArgumentError,
} from "../src/index.js";
import { chainReader, twoStepFlow } from "./support/executionFixture.js";

const devnet = useDevnet();
const chain = chainReader(devnet);
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy.close());

const viaProxy = () => createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).publicClient;

/** The node's answer for a hash: `null` when it has never seen the transaction. */
const lookUp = (hash: `0x${string}`) =>
  chain.client.request({ method: "eth_getTransactionByHash", params: [hash] });

describe("executePreparedFlow: beforeBroadcast", () => {
  it("resolves: both steps sent and mined as before, after the hook saw each step's bytes; no extra request", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const start = await chain.nonce(account.address);
    const seen: BeforeBroadcastStep[] = [];
    const order: string[] = [];
    proxy.reset();
    const result = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      beforeBroadcast: async (step) => {
        // Nothing of this step reached the node yet: the hook runs before eth_sendRawTransaction.
        expect(proxy.count("eth_sendRawTransaction")).toBe(step.index);
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen.push(step);
        order.push(`hook ${step.index}`);
      },
      onStep: (event: ExecutionStepEvent) => {
        order.push(`${event.phase} ${event.index}`);
      },
    });
    expect(result.status).toBe("success");
    expect(seen.map((step) => [step.index, step.total, step.nonce, step.hash])).toEqual([
      [0, 2, start, result.steps[0]?.hash],
      [1, 2, start + 1, result.steps[1]?.hash],
    ]);
    expect(seen[0]?.step.to).toBe(flow.steps[0]?.to);
    expect(seen[0]?.signedTransaction).toMatch(/^0x[0-9a-f]+$/);
    expect(order.slice(0, 3)).toEqual(["hook 0", "signed 0", "sent 0"]);
    expect(await chain.nonce(account.address)).toBe(start + 2);
    // The hook costs no HTTP request: the same requests (receipt polls aside, they follow the mining) as a run of
    // the same kind of flow without it.
    const withHook = proxy.methods.filter((method) => method !== "eth_getTransactionReceipt");
    const baseline = await twoStepFlow(devnet);
    proxy.reset();
    expect(
      (await executePreparedFlow(viaProxy(), { account: baseline.account, flow: baseline.flow })).status,
    ).toBe("success");
    const without = proxy.methods.filter((method) => method !== "eth_getTransactionReceipt");
    expect(withHook).toEqual(without);
    expect(withHook.filter((method) => method === "eth_sendRawTransaction")).toHaveLength(2);
  });

  it("rejects on step 2: step 1 mined, step 2 failed (BROADCAST_VETOED) with its hash, never sent, nonce free", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const start = await chain.nonce(account.address);
    const events: ExecutionStepEvent[] = [];
    proxy.reset();
    const result = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      beforeBroadcast: ({ index }) => {
        if (index === 1) throw new Error("the journal's disk is full");
      },
      onStep: (event) => {
        events.push(event);
      },
    });
    expect(result.status).toBe("failed");
    expect(result.failedStep).toBe(1);
    expect(result.completedSteps).toBe(1);
    const vetoed = result.steps[1];
    expect(vetoed).toMatchObject({
      status: "failed",
      sent: false,
      code: "BROADCAST_VETOED",
      nonce: start + 1,
    });
    expect(vetoed?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(vetoed?.error).toContain("the journal's disk is full");
    expect(vetoed?.signedTransaction).toBeUndefined();
    // Only step 1 reached the node; the node never saw step 2's hash; the signer's nonce moved by one only.
    expect(proxy.count("eth_sendRawTransaction")).toBe(1);
    expect(await lookUp(vetoed?.hash as `0x${string}`)).toBeNull();
    expect(await chain.nonce(account.address)).toBe(start + 1);
    // Observers were not told step 2 was signed (it is not about to be sent), only that it is done.
    expect(events.filter((event) => event.index === 1).map((event) => event.phase)).toEqual(["done"]);

    // Executing again from this result signs step 2 anew with the free nonce, and it lands.
    const again = await executePreparedFlow(viaProxy(), { account, flow, resume: result });
    expect(again.status).toBe("success");
    expect(again.steps[1]?.nonce).toBe(start + 1);
    expect(await chain.nonce(account.address)).toBe(start + 2);
  });

  it("hangs: bounded by beforeBroadcastTimeoutMs, BROADCAST_HOOK_TIMEOUT, nothing sent, nonce unchanged", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const start = await chain.nonce(account.address);
    proxy.reset();
    const began = Date.now();
    const result = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      beforeBroadcastTimeoutMs: 300,
      beforeBroadcast: () => new Promise<void>(() => undefined),
    });
    const elapsed = Date.now() - began;
    expect(result.status).toBe("failed");
    expect(result.steps.map((step) => [step.status, step.sent, step.code])).toEqual([
      ["failed", false, "BROADCAST_HOOK_TIMEOUT"],
      ["skipped", false, "NOT_ATTEMPTED"],
    ]);
    expect(result.steps[0]?.error).toContain("within 300 ms");
    expect(result.steps[1]?.hash).toBeNull();
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);
    expect(await lookUp(result.steps[0]?.hash as `0x${string}`)).toBeNull();
    expect(await chain.nonce(account.address)).toBe(start);
    // the bound, not the 45 s receipt wait
    expect(elapsed).toBeLessThan(10_000);
  });

  it("refuses a bad hook or bound before any request", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    proxy.reset();
    const refused = async (extra: Record<string, unknown>) =>
      executePreparedFlow(viaProxy(), { account, flow, ...extra } as never).then(
        () => undefined,
        (error: unknown) => error,
      );
    const notFunction = await refused({ beforeBroadcast: "yes" });
    expect(notFunction).toBeInstanceOf(InvalidArgumentError);
    expect((notFunction as InvalidArgumentError).details.field).toBe("beforeBroadcast");
    const longerThanReceipt = await refused({ receiptTimeoutMs: 1_000, beforeBroadcastTimeoutMs: 2_000 });
    expect(longerThanReceipt).toBeInstanceOf(InvalidArgumentError);
    expect((longerThanReceipt as InvalidArgumentError).message).toContain("receiptTimeoutMs (1000)");
    expect(await refused({ beforeBroadcastTimeoutMs: 0 })).toBeInstanceOf(InvalidArgumentError);
    expect(proxy.requests).toBe(0);
  });
});
