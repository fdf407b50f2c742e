// executePreparedFlow under RPC faults (issue 14, defect 1): the devnet's fault-injecting proxy sits between the
// SDK client and anvil; the transactions are signed with a real viem local account and really mined (or not).
// Each case checks what the result says against what is on chain.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  type ExecutePreparedFlowReturnType,
  type ExecutionStepEvent,
  executePreparedFlow,
} from "../src/index.js";
import { chainReader, containsKey, twoStepFlow } from "./support/executionFixture.js";

const devnet = useDevnet();
const chain = chainReader(devnet);
let proxy: FaultProxy;
const seen: { key: `0x${string}`; value: unknown }[] = [];

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterEach(() => proxy.clearFaults());
afterAll(() => proxy.close());

const viaProxy = () => createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).publicClient;

/** Runs a fresh two-step flow through the proxy; returns the result, the events and how long it took. */
async function run(
  options: {
    receiptTimeoutMs?: number;
    signal?: AbortSignal;
    onEvent?: (event: ExecutionStepEvent) => void;
    /** Runs after the flow is prepared, before it is executed. */
    before?: (fixture: Awaited<ReturnType<typeof twoStepFlow>>) => Promise<void>;
  } = {},
) {
  const fixture = await twoStepFlow(devnet);
  await options.before?.(fixture);
  const start = await chain.nonce(fixture.account.address);
  const events: ExecutionStepEvent[] = [];
  const began = Date.now();
  const result = await executePreparedFlow(viaProxy(), {
    account: fixture.account,
    flow: fixture.flow,
    ...(options.receiptTimeoutMs ? { receiptTimeoutMs: options.receiptTimeoutMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onStep: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  const elapsed = Date.now() - began;
  seen.push({ key: fixture.privateKey, value: { result, events } });
  return { ...fixture, start, result, events, elapsed };
}

const summary = (result: ExecutePreparedFlowReturnType) =>
  result.steps.map((step) => `${step.status}/${String(step.sent)}/${step.code ?? "-"}`);

describe("executePreparedFlow: a send whose answer is lost", () => {
  it("step 2 forwarded, then the socket closed: success with its hash, and it is mined", async () => {
    const lost = proxy.inject({
      method: "eth_sendRawTransaction",
      nth: 2,
      times: 1,
      fault: { kind: "forward-then-close" },
    });
    const { result, account, start } = await run();
    expect(lost.hits).toBe(1);
    expect(summary(result)).toEqual(["success/true/-", "success/true/-"]);
    expect(result.status).toBe("success");
    const hash = result.steps[1]!.hash!;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chain.mined(hash)).toBe("success");
    expect(await chain.nonce(account.address)).toBe(start + 2);
  });

  it("step 2 forwarded, then HTTP 502: success with its hash, and it is mined", async () => {
    const lost = proxy.inject({
      method: "eth_sendRawTransaction",
      nth: 2,
      times: 1,
      fault: { kind: "forward-then-status", status: 502 },
    });
    const { result, account, start } = await run();
    expect(lost.hits).toBe(1);
    expect(summary(result)).toEqual(["success/true/-", "success/true/-"]);
    expect(await chain.mined(result.steps[1]!.hash!)).toBe("success");
    expect(await chain.nonce(account.address)).toBe(start + 2);
  });

  it("step 2 forwarded, then no answer at all (hang): success with its hash after the 10 s send bound", async () => {
    const lost = proxy.inject({
      method: "eth_sendRawTransaction",
      nth: 2,
      times: 1,
      fault: { kind: "hang", forward: true },
    });
    const { result, elapsed } = await run();
    expect(lost.hits).toBe(1);
    expect(summary(result)).toEqual(["success/true/-", "success/true/-"]);
    expect(await chain.mined(result.steps[1]!.hash!)).toBe("success");
    expect(elapsed).toBeLessThan(20_000);
  });

  it("step 2's send never reaches the node and every answer is a 503: pending, sent unknown, with its hash, within the bound", async () => {
    const down = proxy.inject({
      method: "eth_sendRawTransaction",
      nth: 2,
      fault: { kind: "status", status: 503 },
    });
    // The receipt bound also covers step 1's receipt, which must come first: 4 s leaves room on a loaded machine
    // (with 2 s, step 1 once ended pending under CI load, and step 2 was rightly never sent).
    const { result, elapsed, account, start } = await run({ receiptTimeoutMs: 4_000 });
    expect(summary(result)).toEqual(["success/true/-", "pending/unknown/TRANSACTION_OUTCOME_UNKNOWN"]);
    expect(down.hits).toBe(3); // the same signed bytes, three times: never a second transaction
    expect(result.status).toBe("pending");
    expect(result.steps[1]!.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(result.steps[1]!.error).toContain(result.steps[1]!.hash);
    expect(elapsed).toBeLessThan(4_000 + 5_000);
    expect(await chain.nonce(account.address)).toBe(start + 1);
  });
});

describe("executePreparedFlow: receipts", () => {
  it("a burst of HTTP 500s on the receipt polls: still success", async () => {
    let burst: ReturnType<FaultProxy["inject"]> | undefined;
    const { result } = await run({
      receiptTimeoutMs: 20_000,
      onEvent: (event) => {
        // From the moment step 1 is sent, every receipt poll fails for 4 s.
        if (event.phase === "sent" && event.index === 0) {
          burst = proxy.inject({
            method: "eth_getTransactionReceipt",
            fault: { kind: "status", status: 500 },
          });
          setTimeout(() => burst?.remove(), 4_000);
        }
      },
    });
    expect(burst?.hits).toBeGreaterThanOrEqual(2); // several failed polls in a row (fewer on a loaded machine: the polls back off);
    expect(summary(result)).toEqual(["success/true/-", "success/true/-"]);
  });

  it("the receipt never arrives: pending with the hash, within the bound; the transaction is mined", async () => {
    const dropped = proxy.inject({
      method: "eth_getTransactionReceipt",
      fault: { kind: "result", result: null },
    });
    const { result, elapsed } = await run({ receiptTimeoutMs: 2_000 });
    expect(dropped.hits).toBeGreaterThan(0);
    expect(summary(result)).toEqual(["pending/true/TRANSACTION_PENDING", "skipped/false/NOT_ATTEMPTED"]);
    expect(result).toMatchObject({ status: "pending", completedSteps: 0, failedStep: 0 });
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(elapsed).toBeLessThan(2_000 + 3_000);
    expect(await chain.mined(result.steps[0]!.hash!)).toBe("success");
    expect(result.steps[1]!.hash).toBeNull();
  });
});

describe("executePreparedFlow: abort and refusals", () => {
  it("aborted after step 1: step 1 reported with its hash, step 2 never signed or sent", async () => {
    const controller = new AbortController();
    proxy.reset();
    const { result, account, start, events } = await run({
      signal: controller.signal,
      onEvent: (event) => {
        if (event.phase === "done" && event.index === 0) controller.abort();
      },
    });
    expect(summary(result)).toEqual(["success/true/-", "skipped/false/NOT_ATTEMPTED"]);
    expect(result).toMatchObject({ status: "aborted", aborted: true, completedSteps: 1, failedStep: 1 });
    expect(result.steps[0]!.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(result.steps[1]!.hash).toBeNull();
    expect(events.map((event) => `${event.phase}:${event.index}`)).toEqual(["signed:0", "sent:0", "done:0"]);
    expect(proxy.count("eth_sendRawTransaction")).toBe(1);
    expect(await chain.nonce(account.address)).toBe(start + 1);
  });

  it("aborted while waiting for step 1's receipt: step 1 reported with its hash (pending or success), step 2 not sent", async () => {
    const controller = new AbortController();
    const dropped = proxy.inject({
      method: "eth_getTransactionReceipt",
      fault: { kind: "result", result: null },
    });
    const { result, elapsed, account, start } = await run({
      receiptTimeoutMs: 30_000,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.phase === "sent" && event.index === 0) setTimeout(() => controller.abort(), 300);
      },
    });
    expect(dropped.hits).toBeGreaterThan(0);
    expect(summary(result)).toEqual(["pending/true/TRANSACTION_PENDING", "skipped/false/NOT_ATTEMPTED"]);
    expect(result).toMatchObject({ status: "pending", aborted: true });
    expect(elapsed).toBeLessThan(5_000);
    expect(await chain.mined(result.steps[0]!.hash!)).toBe("success");
    expect(await chain.nonce(account.address)).toBe(start + 1);
  });

  it("the node refuses step 1 (no CELO for gas): failed, not sent, with its hash; nothing on chain", async () => {
    // The flow was prepared while the account had CELO; it has spent it all since.
    const { result, account, start } = await run({
      before: ({ account }) =>
        chain.client.request({ method: "anvil_setBalance", params: [account.address, "0x0"] } as never),
    });
    expect(summary(result)).toEqual(["failed/false/TRANSACTION_REJECTED", "skipped/false/NOT_ATTEMPTED"]);
    expect(result.status).toBe("failed");
    expect(result.steps[0]!.error).toMatch(/insufficient funds/i);
    expect(await chain.client.getTransaction({ hash: result.steps[0]!.hash! }).catch(() => null)).toBeNull();
    expect(await chain.nonce(account.address)).toBe(start);
  });

  it("the node refuses step 2 (nonce too low, answered without forwarding): failed, not sent, with its hash", async () => {
    const refusal = proxy.inject({
      method: "eth_sendRawTransaction",
      nth: 2,
      times: 1,
      fault: { kind: "error", code: -32003, message: "nonce too low" },
    });
    const { result, account, start } = await run();
    expect(refusal.hits).toBe(1);
    expect(summary(result)).toEqual(["success/true/-", "failed/false/TRANSACTION_REJECTED"]);
    expect(result.steps[1]!.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chain.nonce(account.address)).toBe(start + 1);
  });

  it("no private key in any result or event", () => {
    expect(seen.length).toBeGreaterThanOrEqual(8);
    for (const { key, value } of seen) expect(containsKey(JSON.stringify(value), key)).toBe(false);
  });
});
