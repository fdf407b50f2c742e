// executePreparedFlow continues an earlier execution (`resume`): the steps it sent are looked up on chain by hash and
// never sent again, a pending one settles once mined, the rest are sent with the next nonce. Against the devnet
// through its fault-injecting proxy (receipts answered `null` while the first execution runs), signed with a real
// viem local account; each case checks the result against what is on chain and counts the sends.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  type ExecutePreparedFlowReturnType,
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
afterEach(() => proxy.clearFaults());
afterAll(() => proxy.close());

const viaProxy = () => createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).publicClient;
const summary = (result: ExecutePreparedFlowReturnType) =>
  result.steps.map((step) => `${step.status}/${String(step.sent)}/${step.code ?? "-"}`);

describe("executePreparedFlow: resume", () => {
  it("a pending step settles once mined and is not sent again; the next step is sent with the next nonce", async () => {
    const fixture = await twoStepFlow(devnet);
    const { account, flow } = fixture;
    const start = await chain.nonce(account.address);
    proxy.inject({ method: "eth_getTransactionReceipt", fault: { kind: "result", result: null } });
    const first = await executePreparedFlow(viaProxy(), { account, flow, receiptTimeoutMs: 1_500 });
    expect(summary(first)).toEqual(["pending/true/TRANSACTION_PENDING", "skipped/false/NOT_ATTEMPTED"]);
    const hash = first.steps[0]?.hash as `0x${string}`;
    expect(await chain.mined(hash)).toBe("success");

    proxy.clearFaults();
    proxy.reset();
    const events: ExecutionStepEvent[] = [];
    // Through JSON, as a caller that stored the result would pass it back.
    const resume = JSON.parse(JSON.stringify(first)) as ExecutePreparedFlowReturnType;
    const second = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      resume,
      onStep: (event) => {
        events.push(event);
      },
    });
    expect(summary(second)).toEqual(["success/true/-", "success/true/-"]);
    expect(second).toMatchObject({ status: "success", completedSteps: 2, failedStep: null });
    expect(second.steps[0]).toMatchObject({ hash, nonce: start, blockNumber: expect.any(String) });
    expect(second.steps[1]?.nonce).toBe(start + 1);
    expect(proxy.count("eth_sendRawTransaction")).toBe(1); // step 2 only
    expect(events.map((event) => `${event.phase}:${event.index}`)).toEqual([
      "done:0",
      "signed:1",
      "sent:1",
      "done:1",
    ]);
    expect(await chain.nonce(account.address)).toBe(start + 2);
    expect(await chain.mined(second.steps[1]?.hash as `0x${string}`)).toBe("success");

    // Resuming a finished flow sends nothing: both steps are looked up.
    proxy.reset();
    const third = await executePreparedFlow(viaProxy(), { account, flow, resume: second });
    expect(summary(third)).toEqual(["success/true/-", "success/true/-"]);
    expect(third.steps.map((step) => step.hash)).toEqual(second.steps.map((step) => step.hash));
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);
    expect(await chain.nonce(account.address)).toBe(start + 2);
  });

  it("a step whose sends were answered 503 is sent again as the same bytes (same hash) once the node answers", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const start = await chain.nonce(account.address);
    proxy.inject({ method: "eth_sendRawTransaction", nth: 2, fault: { kind: "status", status: 503 } });
    const first = await executePreparedFlow(viaProxy(), { account, flow, receiptTimeoutMs: 1_000 });
    expect(summary(first)).toEqual(["success/true/-", "pending/unknown/TRANSACTION_OUTCOME_UNKNOWN"]);
    const stuck = first.steps[1];
    expect(stuck?.signedTransaction).toMatch(/^0x[0-9a-f]+$/);
    expect(first.steps[0]?.signedTransaction).toBeUndefined(); // acknowledged steps carry no bytes
    expect(await chain.nonce(account.address)).toBe(start + 1); // the node never had step 2

    proxy.clearFaults();
    proxy.reset();
    const second = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      resume: JSON.parse(JSON.stringify(first)),
    });
    expect(summary(second)).toEqual(["success/true/-", "success/true/-"]);
    expect(second.steps[1]).toMatchObject({ hash: stuck?.hash, nonce: start + 1 });
    expect(second.steps[1]?.signedTransaction).toBeUndefined();
    expect(proxy.count("eth_sendRawTransaction")).toBe(1); // the same bytes, once
    expect(proxy.count("eth_fillTransaction")).toBe(0); // nothing prepared or signed again
    expect(await chain.nonce(account.address)).toBe(start + 2);
    expect(await chain.mined(stuck?.hash as `0x${string}`)).toBe("success");
  });

  it("an aborted execution continues from its next step: step 1 not sent again", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const start = await chain.nonce(account.address);
    const controller = new AbortController();
    const first = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      signal: controller.signal,
      onStep: (event) => {
        if (event.phase === "done" && event.index === 0) controller.abort();
      },
    });
    expect(first).toMatchObject({ status: "aborted", completedSteps: 1 });
    proxy.reset();
    const second = await executePreparedFlow(viaProxy(), { account, flow, resume: first });
    expect(summary(second)).toEqual(["success/true/-", "success/true/-"]);
    expect(second.steps[0]?.hash).toBe(first.steps[0]?.hash);
    expect(proxy.count("eth_sendRawTransaction")).toBe(1);
    expect(await chain.nonce(account.address)).toBe(start + 2);
  });

  it("aborted before it starts, a resume still reports the earlier sent steps with their hashes", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const controller = new AbortController();
    const first = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      signal: controller.signal,
      onStep: (event) => {
        if (event.phase === "done" && event.index === 0) controller.abort();
      },
    });
    proxy.reset();
    const second = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      resume: first,
      signal: controller.signal,
    });
    expect(summary(second)).toEqual(["success/true/-", "skipped/false/NOT_ATTEMPTED"]);
    expect(second).toMatchObject({ status: "aborted", aborted: true, completedSteps: 1 });
    expect(second.steps[0]?.hash).toBe(first.steps[0]?.hash);
    expect(proxy.requests).toBe(0);
  });

  it("a step still without a receipt stays pending and nothing is sent", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const start = await chain.nonce(account.address);
    proxy.inject({ method: "eth_getTransactionReceipt", fault: { kind: "result", result: null } });
    const first = await executePreparedFlow(viaProxy(), { account, flow, receiptTimeoutMs: 1_000 });
    expect(first.status).toBe("pending");
    proxy.reset();
    const began = Date.now();
    const second = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      resume: first,
      receiptTimeoutMs: 1_000,
    });
    expect(Date.now() - began).toBeLessThan(4_000);
    expect(summary(second)).toEqual(["pending/true/TRANSACTION_PENDING", "skipped/false/NOT_ATTEMPTED"]);
    expect(second.steps[0]?.hash).toBe(first.steps[0]?.hash);
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);
    expect(proxy.count("eth_getTransactionCount")).toBe(0);
    expect(await chain.nonce(account.address)).toBe(start + 1);
  });

  it("refuses a resume that does not fit the flow, before any request", async () => {
    const { account, flow } = await twoStepFlow(devnet);
    const pending = {
      steps: flow.steps.map((step, index) => ({
        index,
        description: step.description,
        to: step.to,
        hash: null,
        sent: false,
        status: "skipped" as const,
      })),
    };
    const bad: [unknown, RegExp][] = [
      [{ steps: pending.steps.slice(1) }, /resume\.steps.*must list the flow's 2 step/],
      [
        { steps: [{ ...pending.steps[0], to: flow.steps[1]?.to }, pending.steps[1]] },
        /resume\.steps\[0\]\.to/,
      ],
      [
        { steps: [{ ...pending.steps[0], status: "success" }, pending.steps[1]] },
        /resume\.steps\[0\]\.hash.*success/,
      ],
      [{ steps: [{ ...pending.steps[0], hsh: null }, pending.steps[1]] }, /did you mean `hash`/],
      [{ ...pending, from: "0x0000000000000000000000000000000000000001" }, /resume\.from/],
      [{ ...pending, dryRun: true }, /resume\.dryRun/],
      [
        {
          steps: [
            {
              ...pending.steps[0],
              hash: `0x${"12".repeat(32)}`,
              sent: "unknown",
              status: "pending",
              signedTransaction: "0x02f0",
            },
            pending.steps[1],
          ],
        },
        /resume\.steps\[0\]\.signedTransaction.*keccak256/,
      ],
      ["not a result", /resume/],
    ];
    proxy.reset();
    for (const [resume, message] of bad) {
      const error = await executePreparedFlow(viaProxy(), { account, flow, resume: resume as never }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message).toMatch(message);
    }
    const withDryRun = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      dryRun: true,
      resume: pending,
    }).catch((caught: unknown) => caught);
    expect((withDryRun as Error).message).toMatch(/resume.*dryRun/);
    expect(proxy.requests).toBe(0);
  });
});
