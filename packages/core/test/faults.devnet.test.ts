// Core reads under RPC faults (issue 14, defects 4, 5 and 8): the devnet's fault-injecting proxy sits between a
// real SDK client and anvil; every case checks what the SDK says against what the proxy did (requests, hits) and
// how long it took to give up.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { decodeFunctionResult, encodeFunctionResult, type Hex, multicall3Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type CelinaClientOptions,
  createSdkClient,
  MULTICALL3_ADDRESS,
  RequestAbortedError,
  RpcError,
  RpcRateLimitedError,
  SdkError,
} from "../src/index.js";

const devnet = useDevnet();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterEach(() => {
  proxy.clearFaults();
  proxy.reset();
});
afterAll(() => proxy.close());

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const sdk = (options: CelinaClientOptions = {}) =>
  createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false, ...options });

/** Runs `fn`, expecting it to throw; returns the error and how long it took. */
async function failure(fn: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const began = performance.now();
  try {
    const value = await fn();
    throw new Error(`resolved instead of throwing: ${String(value)}`);
  } catch (error) {
    return { error, ms: performance.now() - began };
  }
}

/**
 * A rewrite of Multicall3 `aggregate3` answers that replaces the inner results at the given indexes (the rest
 * of the answer is re-encoded canonically, so only those inner results are wrong).
 */
function innerResults(replace: Record<number, Hex>) {
  return {
    kind: "rewrite-result" as const,
    rewrite: (result: unknown, call: { params?: unknown }) => {
      const to = (call.params as [{ to?: string }] | undefined)?.[0]?.to;
      if (typeof result !== "string" || to?.toLowerCase() !== MULTICALL3_ADDRESS.toLowerCase()) return result;
      const entries = decodeFunctionResult({
        abi: multicall3Abi,
        functionName: "aggregate3",
        data: result as Hex,
      });
      return encodeFunctionResult({
        abi: multicall3Abi,
        functionName: "aggregate3",
        result: entries.map((entry, index) =>
          replace[index] === undefined ? entry : { success: true, returnData: replace[index]! },
        ),
      });
    },
  };
}

describe("strict decoding of read results (defect 4)", () => {
  it("a 40-byte inner result of balanceOf is an RpcError naming the call, not a balance of 2^256-1", async () => {
    const owner = fresh();
    const rule = proxy.inject({ method: "eth_call", fault: innerResults({ 0: `0x${"ff".repeat(40)}` }) });
    const { error } = await failure(() => sdk().token.getBalance(owner, "USDm"));
    expect(rule.hits).toBe(1);
    expect(error).toBeInstanceOf(RpcError);
    const rpcError = error as RpcError;
    expect(rpcError.code).toBe("RPC_ERROR");
    expect(rpcError.message).toMatch(/balanceOf at 0x765DE816845861e75A25fCA122bb6898B8B1282a/);
    expect(rpcError.message).toMatch(/40 bytes, not the 32 bytes/);
    // Which read failed is data too, not only text.
    expect(rpcError.details.read).toEqual({
      target: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
      functionName: "balanceOf",
    });
  });

  it("an over-long allowance result is an error, not a dropped approval step", async () => {
    const from = fresh();
    const vaultAbi = [
      {
        type: "function",
        name: "deposit",
        stateMutability: "nonpayable",
        inputs: [{ name: "amount", type: "uint256" }],
        outputs: [],
      },
    ] as const;
    const call = {
      to: "0x4444444444444444444444444444444444444444",
      abi: vaultAbi,
      functionName: "deposit",
      args: [10n ** 19n],
      approvals: [{ token: "USDm", amount: "10" }],
    } as const;
    // Without the fault: the allowance is 0, so the approval step is needed.
    const honest = await sdk().transaction.prepareContractCall(from, call);
    expect(honest.steps.map((step) => step.call?.functionName)).toEqual(["approve", "deposit"]);
    // allowance() answers 0xff…ff plus 8 bytes: read leniently, that is an unlimited allowance.
    proxy.inject({ method: "eth_call", fault: innerResults({ 0: `0x${"ff".repeat(32)}${"00".repeat(8)}` }) });
    const { error } = await failure(() => sdk().transaction.prepareContractCall(from, call));
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).toMatch(
      /allowance at 0x765DE816845861e75A25fCA122bb6898B8B1282a returned 40 bytes/,
    );
  });

  it("a malformed ENS record is an error, not null for a registered name", async () => {
    const owner = fresh();
    const { name } = await devnet.registerCeloName(
      `faulty-${Math.random().toString(36).slice(2, 10)}`,
      owner,
    );
    expect(await sdk().ens.resolveEns(name)).toBe(owner);
    // addr(node, coinType) answers 2 bytes (not `bytes`), addr(node) 40 zero bytes (leniently: the zero address).
    proxy.inject({ method: "eth_call", fault: innerResults({ 1: "0x1234", 2: `0x${"00".repeat(40)}` }) });
    const { error } = await failure(() => sdk().ens.resolveEns(name));
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).toMatch(/addr at 0x4d7912779679AFdC592CBd4674b32Fcb189395F7/);
  });

  it("an aggregate3 answer with trailing bytes is refused as a whole", async () => {
    proxy.inject({
      method: "eth_call",
      fault: { kind: "rewrite-result", rewrite: (result) => `${String(result)}${"00".repeat(32)}` },
    });
    const { error } = await failure(() => sdk().token.getBalances(fresh(), ["CELO", "USDm"]));
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).toMatch(/aggregate3/);
  });
});

describe("bounded waits (defect 5)", () => {
  it("Retry-After: 3600 fails fast with RPC_RATE_LIMITED naming 3600 s, and does not hammer the node", async () => {
    proxy.inject({ method: "*", fault: { kind: "status", status: 429, retryAfter: 3600 } });
    const client = sdk();
    const { error, ms } = await failure(() => client.token.getBalance(fresh(), "USDm"));
    expect(error).toBeInstanceOf(RpcRateLimitedError);
    expect(error).toBeInstanceOf(SdkError);
    const limited = error as RpcRateLimitedError;
    expect(limited.code).toBe("RPC_RATE_LIMITED");
    expect(limited.details.retryAfterMs).toBe(3_600_000);
    expect(limited.message).toMatch(/3600 s/);
    expect(ms).toBeLessThan(2_000);
    expect(proxy.requests).toBe(1); // the retries were not sent
    // Within the wait, the next call fails at once without a request.
    proxy.reset();
    const again = await failure(() => client.network.getStatus());
    expect(again.error).toBeInstanceOf(RpcRateLimitedError);
    expect(proxy.requests).toBe(0);
  });

  it("Retry-After: 1 is honoured: retried after a second, and the read succeeds", async () => {
    const owner = fresh();
    const rule = proxy.inject({
      method: "*",
      times: 1,
      fault: { kind: "status", status: 429, retryAfter: 1 },
    });
    const began = performance.now();
    const balance = await sdk().token.getBalance(owner, "CELO");
    const ms = performance.now() - began;
    expect(balance.value).toBe(0n);
    expect(rule.hits).toBe(1);
    // One refused batch, then each call (chain check, read) tried once more: viem retries them one by one, so
    // on a loaded machine the retries leave in one HTTP request or in two (as in the hanging case below).
    expect(proxy.count("eth_call")).toBe(2);
    expect(proxy.count("eth_chainId")).toBe(2);
    expect(proxy.requests).toBeGreaterThanOrEqual(2);
    expect(proxy.requests).toBeLessThanOrEqual(3);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(5_000);
  });

  it("a hanging RPC fails within timeoutMs × attempts with an RpcError saying it timed out", async () => {
    proxy.inject({ method: "*", fault: { kind: "hang" } });
    const { error, ms } = await failure(() =>
      sdk({ timeoutMs: 1_000, retryCount: 1 }).token.getBalance(fresh(), "USDm"),
    );
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).toMatch(/timed out: no answer within 1000 ms, 2 attempts/);
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(2 * 1_000 + 150 + 1_500);
    // Each call of the batch (chain check, read) is tried twice. viem retries them one by one, so on a loaded
    // machine the two retries can leave in one HTTP request or in two: 2 or 3 requests, never a third attempt.
    expect(proxy.count("eth_call")).toBe(2);
    expect(proxy.count("eth_chainId")).toBe(2);
    expect(proxy.requests).toBeGreaterThanOrEqual(2);
    expect(proxy.requests).toBeLessThanOrEqual(3);
  });

  it("a signal aborts a hanging read at once; an aborted signal sends nothing", async () => {
    proxy.inject({ method: "*", fault: { kind: "hang" } });
    const client = sdk();
    const { error, ms } = await failure(() =>
      client.token.getBalance(fresh(), "USDm", { signal: AbortSignal.timeout(200) }),
    );
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as RequestAbortedError).code).toBe("REQUEST_ABORTED");
    expect(ms).toBeLessThan(1_000);
    proxy.reset();
    const controller = new AbortController();
    controller.abort();
    const before = await failure(() => client.network.getStatus({ signal: controller.signal }));
    expect(before.error).toBeInstanceOf(RequestAbortedError);
    expect(proxy.requests).toBe(0);
  });
});

describe("answers and errors of the node (defect 8)", () => {
  const hash = `0x${"11".repeat(32)}` as const;

  it("a malformed transaction object is a typed RpcError naming the field, not viem's InvalidAddressError", async () => {
    proxy.inject({
      method: "eth_getTransactionByHash",
      fault: {
        kind: "result",
        result: { hash, from: "0xzz", to: null, value: "0x1", input: "0x", blockNumber: null },
      },
    });
    const { error } = await failure(() => sdk().blockchain.getTransaction(hash));
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe("RPC_ERROR");
    expect((error as RpcError).message).toMatch(/eth_getTransactionByHash.*malformed from \("0xzz"\)/);
  });

  it("a -32000 error leads with the node's own reason", async () => {
    proxy.inject({
      method: "eth_getTransactionByHash",
      fault: { kind: "error", code: -32000, message: "header not found: the node is still syncing" },
    });
    const { error } = await failure(() => sdk().blockchain.getTransaction(hash));
    expect(error).toBeInstanceOf(RpcError);
    const message = (error as RpcError).message;
    expect(message).toMatch(/failed: header not found: the node is still syncing/);
    expect(message).not.toMatch(/Missing or invalid parameters/);
    expect((error as RpcError).details.rpcCode).toBe(-32000);
  });

  it("a 503 refusing a whole batch with -32000 keeps the node's reason (not the status text)", async () => {
    proxy.inject({ method: "*", fault: { kind: "status", status: 503 } });
    const { error } = await failure(() => sdk({ retryCount: 0 }).network.getStatus());
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).toMatch(/\(HTTP 503\): fault proxy/);
    expect((error as RpcError).message).not.toMatch(/Service Unavailable/);
  });

  it("50 concurrent calls of a cold client send exactly one eth_chainId", async () => {
    const client = sdk();
    const owner = fresh();
    await Promise.all(Array.from({ length: 50 }, () => client.token.getBalance(owner, "CELO")));
    expect(proxy.count("eth_chainId")).toBe(1);
    expect(proxy.requests).toBe(1);
    // and none after
    proxy.reset();
    await Promise.all([client.network.getStatus(), client.token.getBalance(owner, "USDm")]);
    expect(proxy.count("eth_chainId")).toBe(0);
  });

  it("calls after the first tick share the one chain check still in flight", async () => {
    proxy.inject({ method: "eth_chainId", fault: { kind: "delay", ms: 300 } });
    const client = sdk();
    const owner = fresh();
    const first = client.token.getBalance(owner, "CELO");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([first, client.network.getStatus(), client.token.getBalance(owner, "USDm")]);
    expect(proxy.count("eth_chainId")).toBe(1);
  });
});
