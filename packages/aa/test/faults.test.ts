// Truthful results under bundler, sponsor and RPC faults (issue 14, defects 2 and 3). The devnet's fault proxy
// stands in front of the real sponsor endpoint (bundler methods go through it) and of the chain RPC; the
// bundler, paymaster and chain are real. Every test checks what actually happened on chain against what the
// result says.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, type Hex, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import {
  type AAClient,
  createAAClient,
  SendPreparedFlowAbortedError,
  type SendPreparedFlowReturnType,
  ServiceUnreachableError,
} from "../src/index.js";
import { expectInErrorType } from "./helpers/errorTypes.js";
import {
  approveAndDeposit,
  fund,
  publicClientOf,
  sdk,
  sponsorship,
  usdmBalance,
  vaultDeposit,
} from "./helpers/fixtures.js";

const HASH = /^0x[0-9a-f]{64}$/;

describe("sendPreparedFlow under faults: the hash is known before the send, the outcome is never misreported", () => {
  const devnet = useDevnet();
  const publicClient = publicClientOf(devnet);
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  /** A new AA client whose RPC and sponsor endpoint both go through fault proxies; funded; one flow ready. */
  async function setup(deposit = 10n ** 17n) {
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(rpc, sponsor);
    const aa: AAClient = await createAAClient({
      owner: privateKeyToAccount(generatePrivateKey()),
      gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
      rpcUrl: rpc.url,
    });
    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, deposit);
    return { rpc, sponsor, aa, flow, deposit };
  }

  /** What the bundler itself says about a hash (asked directly, not through the proxies). */
  async function bundlerReceipt(hash: Hex) {
    const bundler = createPublicClient({ transport: http(devnet.bundlerUrl) });
    return (await bundler.request({
      method: "eth_getUserOperationReceipt" as never,
      params: [hash] as never,
    })) as {
      success: boolean;
      receipt: { transactionHash: Hex };
    } | null;
  }

  /** The result says it landed, with the right hashes, and the chain agrees. */
  async function expectLanded(result: SendPreparedFlowReturnType, aa: AAClient, deposit: bigint) {
    expect(result.error).toBeUndefined();
    expect(result.success).toBe(true);
    expect(result.userOpHashes).toEqual([expect.stringMatching(HASH)]);
    expect(result.transactionHashes).toEqual([expect.stringMatching(HASH)]);
    expect(result.operations).toEqual([
      {
        userOpHash: result.userOpHashes[0],
        transactionHash: result.transactionHashes[0],
        status: "success",
        stepIndexes: [0, 1],
      },
    ]);
    expect(await vaultDeposit(publicClient, aa.smartAccountAddress)).toBe(deposit);
    const receipt = await bundlerReceipt(result.userOpHashes[0]!);
    expect(receipt?.success).toBe(true);
    expect(receipt?.receipt.transactionHash.toLowerCase()).toBe(result.transactionHashes[0]);
  }

  it("eth_sendUserOperation forwarded, then the socket closes: landed, reported success with its userOpHash", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    const lost = sponsor.inject({
      method: "eth_sendUserOperation",
      times: 1,
      fault: { kind: "forward-then-close" },
    });
    const result = await aa.sendPreparedFlow(flow);
    expect(lost.hits).toBe(1);
    await expectLanded(result, aa, deposit);
  });

  it("eth_sendUserOperation forwarded, then HTTP 502: landed, reported success, never SERVICE_UNREACHABLE", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    const lost = sponsor.inject({
      method: "eth_sendUserOperation",
      times: 1,
      fault: { kind: "forward-then-status", status: 502 },
    });
    const result = await aa.sendPreparedFlow(flow);
    expect(lost.hits).toBe(1);
    await expectLanded(result, aa, deposit);
  });

  it("eth_sendUserOperation answered `0x` instead of a hash: the locally computed userOpHash is used and it landed", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    const malformed = sponsor.inject({
      method: "eth_sendUserOperation",
      times: 1,
      fault: { kind: "forward-then-result", result: "0x" },
    });
    const result = await aa.sendPreparedFlow(flow);
    expect(malformed.hits).toBe(1);
    await expectLanded(result, aa, deposit);
  });

  it("eth_sendUserOperation forwarded and never answered: the send gives up after its bound and finds it landed", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    sponsor.inject({ method: "eth_sendUserOperation", times: 1, fault: { kind: "hang", forward: true } });
    const started = Date.now();
    const result = await aa.sendPreparedFlow(flow, { receiptTimeoutMs: 20_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    await expectLanded(result, aa, deposit);
  }, 30_000);

  it("eth_sendUserOperation lost before the bundler saw it: the identical signed operation is re-sent once and lands once", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    sponsor.inject({ method: "eth_sendUserOperation", times: 1, fault: { kind: "status", status: 503 } });
    const result = await aa.sendPreparedFlow(flow);
    await expectLanded(result, aa, deposit);
    expect(sponsor.count("eth_sendUserOperation")).toBe(2);
    expect(sponsor.count("eth_getUserOperationByHash")).toBe(1);
  });

  it("three HTTP 500s in a row on eth_getUserOperationReceipt do not end the wait: success", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    const burst = sponsor.inject({
      method: "eth_getUserOperationReceipt",
      times: 3,
      fault: { kind: "status", status: 500 },
    });
    const result = await aa.sendPreparedFlow(flow);
    // At least one 500 was answered and the wait went on. On a loaded machine the chain lookup (EntryPoint nonce +
    // UserOperationEvent) can settle the outcome before the third poll, so the count is not always 3.
    expect(burst.hits).toBeGreaterThanOrEqual(1);
    expect(burst.hits).toBeLessThanOrEqual(3);
    await expectLanded(result, aa, deposit);
  });

  it("receipts dropped by the bundler (always null): the chain (EntryPoint nonce + UserOperationEvent) gives the outcome", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    sponsor.inject({ method: "eth_getUserOperationReceipt", fault: { kind: "result", result: null } });
    const started = Date.now();
    const result = await aa.sendPreparedFlow(flow, { receiptTimeoutMs: 2_000 });
    expect(Date.now() - started).toBeLessThan(6_000);
    await expectLanded(result, aa, deposit);
  });

  /** Resolves with the time the deposit shows on chain (polled every 100 ms, for at most `ms`). */
  async function landedAt(aa: AAClient, deposit: bigint, ms: number): Promise<number> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if ((await vaultDeposit(publicClient, aa.smartAccountAddress)) === deposit) return Date.now();
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the UserOperation did not land");
  }

  for (const [label, fault] of [
    ["fails (JSON-RPC error)", { kind: "error", code: -32603, message: "receipt store down" }],
    ["fails (HTTP 503)", { kind: "status", status: 503 }],
    ["never answers a receipt (null)", { kind: "result", result: null }],
  ] as const) {
    it(`issue 25.5: the bundler's receipt method ${label} for the whole default wait: reported with its transaction hash within 10 s of landing`, async () => {
      const { sponsor, aa, flow, deposit } = await setup();
      const receipts = sponsor.inject({ method: "eth_getUserOperationReceipt", fault });
      const landing = landedAt(aa, deposit, 60_000);
      const result = await aa.sendPreparedFlow(flow); // default receiptTimeoutMs: 120 s
      const answeredAt = Date.now();
      expect(answeredAt - (await landing)).toBeLessThan(10_000);
      expect(receipts.hits).toBeGreaterThanOrEqual(1);
      await expectLanded(result, aa, deposit);
    }, 30_000);
  }

  it("no receipt and no answer from the chain by the deadline: pending with the userOpHash (which did land)", async () => {
    const { rpc, sponsor, aa, flow, deposit } = await setup();
    sponsor.inject({ method: "eth_getUserOperationReceipt", fault: { kind: "result", result: null } });
    rpc.inject({ method: "eth_blockNumber", fault: { kind: "status", status: 500 } });
    const started = Date.now();
    const result = await aa.sendPreparedFlow(flow, { receiptTimeoutMs: 2_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(elapsed).toBeLessThan(6_000);
    expect(result.success).toBe(false);
    expect(result.userOpHashes).toEqual([expect.stringMatching(HASH)]);
    expect(result.transactionHashes).toEqual([]);
    const [userOpHash] = result.userOpHashes;
    expect(result.operations).toEqual([
      { userOpHash, transactionHash: null, status: "pending", stepIndexes: [0, 1] },
    ]);
    expect(result.error).toMatchObject({ code: "USEROP_PENDING", userOpHash, stepIndex: null });
    expect(result.error?.message).toContain(userOpHash);
    expect(result.status).toBe("pending");
    expect(result.steps.map((step) => [step.status, step.code, step.sent])).toEqual([
      ["pending", "TRANSACTION_PENDING", true],
      ["pending", "TRANSACTION_PENDING", true],
    ]);
    expect(result.steps.every((step) => step.error === result.error?.message)).toBe(true);
    // The hash reported is the real one: the bundler knows it as landed.
    expect((await bundlerReceipt(userOpHash!))?.success).toBe(true);
    expect(await vaultDeposit(publicClient, aa.smartAccountAddress)).toBe(deposit);
    expect(JSON.stringify(result)).not.toContain(devnet.sponsorApiKey);
  });

  it("eth_sendUserOperation hangs without reaching the bundler: pending with the hash at the deadline, not 'not sent'", async () => {
    const { sponsor, aa, flow } = await setup();
    sponsor.inject({ method: "eth_sendUserOperation", fault: { kind: "hang" } });
    const started = Date.now();
    const result = await aa.sendPreparedFlow(flow, { receiptTimeoutMs: 2_000 });
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: "USEROP_PENDING", userOpHash: expect.stringMatching(HASH) });
    expect(result.operations[0]?.status).toBe("pending");
    expect(result.userOpHashes).toEqual([result.error?.userOpHash]);
  });

  it("an abort after the send ends the wait at once: pending with the hash; an abort before it throws, nothing sent", async () => {
    const { sponsor, aa, flow, deposit } = await setup();
    sponsor.inject({ method: "eth_getUserOperationReceipt", fault: { kind: "result", result: null } });
    const controller = new AbortController();
    const pending = aa.sendPreparedFlow(flow, { signal: controller.signal });
    while (sponsor.count("eth_getUserOperationReceipt") === 0) await new Promise((r) => setTimeout(r, 20));
    const abortedAt = Date.now();
    controller.abort();
    const result = await pending;
    expect(Date.now() - abortedAt).toBeLessThan(500);
    expect(result.error).toMatchObject({ code: "USEROP_PENDING", userOpHash: expect.stringMatching(HASH) });
    await expect.poll(() => vaultDeposit(publicClient, aa.smartAccountAddress)).toBe(deposit);

    sponsor.reset();
    const again = await approveAndDeposit(devnet, aa.smartAccountAddress, deposit);
    const error = await aa.sendPreparedFlow(again, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendPreparedFlowAbortedError);
    expectInErrorType("sendPreparedFlow", error);
    expect(error).toMatchObject({ code: "SEND_ABORTED" });
    expect(sponsor.requests).toBe(0);
  });

  it("sequential: an error after step 0 landed carries step 0's hashes (details.completed)", async () => {
    const { sponsor, aa } = await setup();
    const client = sdk(devnet);
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const first = await client.transaction.prepareSend(aa.smartAccountAddress, recipient, "USDm", "0.1");
    const second = await client.transaction.prepareSend(aa.smartAccountAddress, recipient, "USDm", "0.2");
    const flow = { ...first, steps: [...first.steps, ...second.steps] };
    // The second UserOperation's gas-price call fails for good (HTTP 503, retries included).
    sponsor.inject({
      method: "pimlico_getUserOperationGasPrice",
      nth: 2,
      fault: { kind: "status", status: 503 },
    });
    const error = await aa.sendPreparedFlow(flow, { mode: "sequential" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expectInErrorType("sendPreparedFlow", error);
    const completed = (error as ServiceUnreachableError).details.completed as {
      userOpHashes: Hex[];
      transactionHashes: Hex[];
    };
    expect(completed.userOpHashes).toEqual([expect.stringMatching(HASH)]);
    expect(completed.transactionHashes).toEqual([expect.stringMatching(HASH)]);
    expect((await bundlerReceipt(completed.userOpHashes[0]!))?.success).toBe(true);
    // Step 0 took effect, step 1 did not.
    expect(await usdmBalance(publicClient, recipient)).toBe(parseUnits("0.1", 18));
  });
});
