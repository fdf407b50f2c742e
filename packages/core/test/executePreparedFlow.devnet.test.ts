// executePreparedFlow on the devnet, signing with a real viem local account: order, nonces, events, dry runs and
// what is refused before anything is sent. The fault cases are in executePreparedFlow.faults.devnet.test.ts.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Hex, keccak256 } from "viem";
import { generatePrivateKey, privateKeyToAccount, toAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ChainMismatchError,
  createSdkClient,
  type ExecutionStepEvent,
  executePreparedFlow,
  FlowAccountMismatchError,
  InvalidArgumentError,
  InvalidPreparedFlowError,
  type SdkError,
} from "../src/index.js";
import { chainReader, containsKey, twoStepFlow } from "./support/executionFixture.js";

const devnet = useDevnet();
const chain = chainReader(devnet);
let proxy: FaultProxy;
let fixture: Awaited<ReturnType<typeof twoStepFlow>>;
/** Everything the tests saw (results, events, errors), checked for the key at the end. */
const seen: unknown[] = [];

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  fixture = await twoStepFlow(devnet);
});
afterAll(() => proxy.close());

const viaProxy = () => createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).publicClient;

describe("executePreparedFlow", () => {
  it("simulates in order with eth_simulateV1, signing and sending nothing", async () => {
    const { account, flow } = fixture;
    const start = await chain.nonce(account.address);
    proxy.reset();
    const result = await executePreparedFlow(viaProxy(), { account, flow, dryRun: true });
    seen.push(result);
    expect(result).toMatchObject({
      status: "success",
      dryRun: true,
      simulation: "sequential",
      completedSteps: 2,
    });
    expect(result.steps.every((step) => step.hash === null && step.sent === false)).toBe(true);
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);
    expect(await chain.nonce(account.address)).toBe(start);
    // One request: the fresh client's chain check rides in the simulation's batch (a second simulation request
    // only when the node refuses the local time, its latest block being ahead: another test moved the clock).
    const [first, ...rest] = proxy.batches;
    expect(first).toEqual(expect.arrayContaining(["eth_chainId", "eth_simulateV1"]));
    expect(rest.length).toBeLessThanOrEqual(1);
    for (const batch of rest) expect(batch).not.toContain("eth_chainId");
  });

  it("a dry run against a node of another chain is refused (the check folded into the simulation's batch)", async () => {
    const { account, flow } = fixture;
    const wrongChain = proxy.inject({ method: "eth_chainId", fault: { kind: "result", result: "0x1" } });
    proxy.reset();
    try {
      const error = await executePreparedFlow(viaProxy(), { account, flow, dryRun: true }).catch(
        (e: unknown) => e,
      );
      seen.push(error);
      expect(error).toBeInstanceOf(ChainMismatchError);
      expect(proxy.requests).toBe(1);
    } finally {
      wrongChain.remove();
    }
  });

  it("falls back to one estimate per step when the node lacks eth_simulateV1", async () => {
    const { account, flow } = fixture;
    const missing = proxy.inject({
      method: "eth_simulateV1",
      fault: {
        kind: "error",
        code: -32601,
        message: "the method eth_simulateV1 does not exist/is not available",
      },
    });
    try {
      const result = await executePreparedFlow(viaProxy(), { account, flow, dryRun: true });
      seen.push(result);
      expect(missing.hits).toBe(1);
      expect(result).toMatchObject({ status: "success", simulation: "independent", completedSteps: 2 });
      expect(result.steps.every((step) => step.hash === null && /^\d+$/.test(step.gasUsed ?? ""))).toBe(true);
    } finally {
      missing.remove();
    }
  });

  it("signs, reports the hash, then sends, in order with consecutive nonces; a throwing listener changes nothing", async () => {
    const { account, flow } = fixture;
    const start = await chain.nonce(account.address);
    const events: ExecutionStepEvent[] = [];
    proxy.reset();
    const result = await executePreparedFlow(viaProxy(), {
      account,
      flow,
      onStep: (event) => {
        // The hash is reported before the node has seen the transaction.
        if (event.phase === "signed")
          events.push({ ...event, sentBefore: proxy.count("eth_sendRawTransaction") } as never);
        else events.push(event);
        throw new Error("listener failure");
      },
    });
    seen.push(result, events);
    expect(result).toMatchObject({ status: "success", aborted: false, completedSteps: 2, failedStep: null });
    expect(result.steps.map((step) => [step.status, step.sent, step.nonce])).toEqual([
      ["success", true, start],
      ["success", true, start + 1],
    ]);
    expect(events.map((event) => `${event.phase}:${event.index}`)).toEqual([
      "signed:0",
      "sent:0",
      "done:0",
      "signed:1",
      "sent:1",
      "done:1",
    ]);
    const signed = events.filter((event) => event.phase === "signed");
    expect(signed.map((event) => (event as unknown as { sentBefore: number }).sentBefore)).toEqual([0, 1]);
    expect(signed.map((event) => event.hash)).toEqual(result.steps.map((step) => step.hash));
    // The signed event carries the exact bytes about to be sent (a write-ahead log stores them): their hash is the step's.
    for (const event of signed)
      expect(keccak256((event as { signedTransaction: Hex }).signedTransaction)).toBe(event.hash);
    for (const step of result.steps) expect(await chain.mined(step.hash!)).toBe("success");
    expect(await chain.nonce(account.address)).toBe(start + 2);
    // What a two-step execution costs: printed for the docs (not a timed assertion).
    console.log(
      `executePreparedFlow, 2 steps: ${proxy.requests} HTTP requests (${proxy.methods.join(", ")})`,
    );
  });

  it("throws before any request: invalid flow, wrong from, bad parameters, unknown keys", async () => {
    const { account, flow } = fixture;
    const other = privateKeyToAccount(generatePrivateKey());
    proxy.reset();
    const client = viaProxy();
    const cases: [unknown, new (...args: never[]) => SdkError][] = [
      [{ account, flow: { ...flow, steps: [] } }, InvalidPreparedFlowError],
      [{ account: other, flow }, FlowAccountMismatchError],
      [{ account, flow, dryrun: true }, InvalidArgumentError],
      [{ account, flow, privateKey: fixture.privateKey }, InvalidArgumentError],
      [{ account, flow, receiptTimeoutMs: 0 }, InvalidArgumentError],
      [{ account, flow, receiptTimeoutMs: Number.POSITIVE_INFINITY }, InvalidArgumentError],
      [{ account, flow, signal: "stop" }, InvalidArgumentError],
      [{ account: account.address, flow }, InvalidArgumentError],
      [{ account: toAccount(account.address), flow }, InvalidArgumentError],
      [{ account: { ...account, type: "json-rpc" }, flow }, InvalidArgumentError],
    ];
    for (const [parameters, type] of cases) {
      const error = await executePreparedFlow(client, parameters as never).catch((thrown: unknown) => thrown);
      seen.push(error);
      expect(
        error,
        JSON.stringify(parameters, (_k, v) => (typeof v === "function" ? "fn" : v)),
      ).toBeInstanceOf(type);
      expect(JSON.parse(JSON.stringify(error)).code).toBe((error as SdkError).code);
    }
    const mismatch = (await executePreparedFlow(client, { account: other, flow }).catch(
      (e: unknown) => e,
    )) as SdkError;
    expect(mismatch.code).toBe("FLOW_ACCOUNT_MISMATCH");
    expect(mismatch.details).toEqual({ from: flow.from, account: other.address, accountKind: "signer" });
    expect(proxy.requests).toBe(0);
  });

  it("refuses a node that serves another chain, before signing", async () => {
    const { account, flow } = fixture;
    const start = await chain.nonce(account.address);
    const wrongChain = proxy.inject({ method: "eth_chainId", fault: { kind: "result", result: "0x1" } });
    proxy.reset();
    try {
      const error = await executePreparedFlow(viaProxy(), { account, flow }).catch((e: unknown) => e);
      seen.push(error);
      expect(error).toBeInstanceOf(ChainMismatchError);
      expect(proxy.count("eth_sendRawTransaction")).toBe(0);
    } finally {
      wrongChain.remove();
    }
    expect(await chain.nonce(account.address)).toBe(start);
  });

  it("an already-aborted signal: nothing is read, signed or sent", async () => {
    const { account, flow } = fixture;
    proxy.reset();
    const result = await executePreparedFlow(viaProxy(), { account, flow, signal: AbortSignal.abort() });
    seen.push(result);
    expect(result).toMatchObject({ status: "aborted", aborted: true, completedSteps: 0, failedStep: 0 });
    expect(
      result.steps.every((step) => step.status === "skipped" && step.sent === false && step.hash === null),
    ).toBe(true);
    expect(proxy.requests).toBe(0);
  });

  it("no private key in any result, event or error", () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const value of seen) {
      const text =
        value instanceof Error
          ? `${JSON.stringify(value)} ${value.message} ${value.stack} ${String(value.cause)}`
          : JSON.stringify(value);
      expect(containsKey(text, fixture.privateKey)).toBe(false);
    }
  });
});
