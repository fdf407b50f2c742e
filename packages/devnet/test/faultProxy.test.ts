// The fault proxy against the real devnet: every fault kind does what it says (the upstream's state shows
// whether a request was forwarded), counts are batch-aware, and garbage never crashes it.
import fc from "fast-check";
import { createPublicClient, createWalletClient, type Hex, http, keccak256, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { forwardUrl, parseJsonRpcBody } from "../src/faultProxy/index.js";
import {
  closedPortUrl,
  devnetChain,
  type FaultProxy,
  type FaultProxyOptions,
  INVALID_REQUEST_ERROR,
  PARSE_ERROR,
  startFaultProxy,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

const devnet = useDevnet();
const chain = devnetChain(devnet.rpcUrl);
const direct = createPublicClient({ chain, transport: http(devnet.rpcUrl) });

const proxies: FaultProxy[] = [];
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

async function proxyFor(options: Partial<FaultProxyOptions> = {}): Promise<FaultProxy> {
  const proxy = await startFaultProxy({ upstream: devnet.rpcUrl, ...options });
  proxies.push(proxy);
  return proxy;
}

type Answer = { status: number; headers: Headers; text: string; json: unknown };

/** One raw POST (no retries, bounded): what the client sees, or the network error. */
async function post(url: string, body: unknown, timeoutMs = 10_000): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});

/** A signed transfer from a freshly funded account, and its hash (known before sending). */
async function signedTransfer(): Promise<{ raw: Hex; hash: Hex }> {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(account.address, "CELO", "1");
  const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
  const request = await wallet.prepareTransactionRequest({ to: account.address, value: parseEther("0.001") });
  const raw = await wallet.signTransaction(request);
  return { raw, hash: keccak256(raw) };
}

const mined = async (hash: Hex) =>
  (await direct.waitForTransactionReceipt({ hash, timeout: 10_000, pollingInterval: 50 })).status;
const known = async (hash: Hex) => (await direct.getTransaction({ hash }).catch(() => null)) !== null;

describe("startFaultProxy without faults", () => {
  it("forwards verbatim and counts HTTP requests and JSON-RPC calls, batch-aware", async () => {
    const proxy = await proxyFor();
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const single = await post(proxy.url, call("eth_chainId"));
    expect(single).toMatchObject({ status: 200, json: { id: 1, result: "0xa4ec" } });
    const batch = await post(proxy.url, [call("eth_chainId", [], 1), call("eth_blockNumber", [], 2)]);
    expect(batch.status).toBe(200);
    expect((batch.json as { id: number }[]).map((answer) => answer.id).sort()).toEqual([1, 2]);

    const viem = createPublicClient({ chain, transport: http(proxy.url, { batch: true }) });
    await Promise.all([viem.getChainId(), viem.getBlockNumber({ cacheTime: 0 })]);

    expect(proxy.requests).toBe(3);
    expect(proxy.batches).toEqual([
      ["eth_chainId"],
      ["eth_chainId", "eth_blockNumber"],
      ["eth_chainId", "eth_blockNumber"],
    ]);
    expect(proxy.methods).toEqual([
      "eth_chainId",
      "eth_chainId",
      "eth_blockNumber",
      "eth_chainId",
      "eth_blockNumber",
    ]);
    expect(proxy.count("eth_chainId")).toBe(3);
    expect(proxy.count("*")).toBe(5);
    proxy.reset();
    expect([proxy.requests, proxy.batches, proxy.methods, proxy.count("*")]).toEqual([0, [], [], 0]);
  });

  it("forwards the request's path and query (the sponsor endpoint's /v2/42220/rpc?apikey=…), and its refusals verbatim", async () => {
    const sponsor = await proxyFor({ upstream: devnet.sponsorBaseUrl });
    const good = await post(`${sponsor.url}v2/42220/rpc?apikey=${devnet.sponsorApiKey}`, call("eth_chainId"));
    expect(good).toMatchObject({ status: 200, json: { result: "0xa4ec" } });
    const wrong = await post(`${sponsor.url}v2/42220/rpc?apikey=wrong`, call("eth_chainId"));
    expect(wrong).toMatchObject({ status: 401, json: { error: { code: -32001 } } });
    // An upstream URL with path and query: requests to the proxy's root go there as they are.
    const whole = await proxyFor({ upstream: devnet.sponsorUrl() });
    expect(await post(whole.url, call("eth_chainId"))).toMatchObject({
      status: 200,
      json: { result: "0xa4ec" },
    });
  });
});

describe("faults", () => {
  it("forward-then-close: the client sees the socket close, and the transaction was mined", async () => {
    const proxy = await proxyFor();
    const lost = proxy.inject({
      method: "eth_sendRawTransaction",
      times: 1,
      fault: { kind: "forward-then-close" },
    });
    const { raw, hash } = await signedTransfer();
    const viem = createPublicClient({ chain, transport: http(proxy.url, { retryCount: 0 }) });
    await expect(viem.request({ method: "eth_sendRawTransaction", params: [raw] })).rejects.toThrow(
      /HTTP request failed|fetch failed|socket|closed/i,
    );
    expect(lost.hits).toBe(1);
    expect(await mined(hash)).toBe("success");
    // once only: the next call goes through
    expect(await post(proxy.url, call("eth_chainId"))).toMatchObject({ status: 200 });
  });

  it("forward-then-status: HTTP 502 after forwarding, and the transaction was mined", async () => {
    const proxy = await proxyFor();
    proxy.inject({
      method: "eth_sendRawTransaction",
      fault: { kind: "forward-then-status", status: 502, retryAfter: 1 },
    });
    const { raw, hash } = await signedTransfer();
    const answer = await post(proxy.url, call("eth_sendRawTransaction", [raw], 7));
    expect(answer.status).toBe(502);
    expect(answer.headers.get("retry-after")).toBe("1");
    expect(answer.json).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32000 } });
    expect(await mined(hash)).toBe("success");
  });

  it("status: HTTP 429 with Retry-After, nothing forwarded (the transaction is unknown to the node)", async () => {
    const proxy = await proxyFor();
    proxy.inject({ method: "*", fault: { kind: "status", status: 429, retryAfter: "3600" } });
    const { raw, hash } = await signedTransfer();
    const answer = await post(proxy.url, [
      call("eth_chainId", [], 1),
      call("eth_sendRawTransaction", [raw], 2),
    ]);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("3600");
    expect(answer.json).toMatchObject([
      { id: 1, error: { code: -32000 } },
      { id: 2, error: { code: -32000 } },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await known(hash)).toBe(false);
    proxy.clearFaults();
    const body = await proxyFor();
    body.inject({ method: "*", fault: { kind: "status", status: 503, body: "upstream down" } });
    const down = await post(body.url, call("eth_chainId"));
    expect(down).toMatchObject({ status: 503, text: "upstream down" });
    expect(down.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(answer.headers.get("content-type")).toBe("application/json");
  });

  it("hang: no answer until close(), which ends it and returns within a bound; with forward, the call took effect", async () => {
    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    proxy.inject({ method: "eth_chainId", fault: { kind: "hang" } });
    proxy.inject({ method: "eth_sendRawTransaction", fault: { kind: "hang", forward: true } });
    const { raw, hash } = await signedTransfer();
    const hanging = post(proxy.url, call("eth_chainId"), 20_000).then(
      () => "answered",
      () => "failed",
    );
    const sent = post(proxy.url, call("eth_sendRawTransaction", [raw]), 20_000).then(
      () => "answered",
      () => "failed",
    );
    expect(await mined(hash)).toBe("success");
    const race = await Promise.race([
      hanging,
      new Promise((resolve) => setTimeout(() => resolve("pending"), 300)),
    ]);
    expect(race).toBe("pending");
    const started = Date.now();
    await proxy.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hanging).toBe("failed");
    expect(await sent).toBe("failed");
    await expect(post(proxy.url, call("eth_chainId"), 2_000)).rejects.toThrow();
    await proxy.close(); // idempotent
  });

  it("rewrite-result: forwards, then answers an over-long or malformed result", async () => {
    const proxy = await proxyFor();
    const balanceOf = `0x70a08231${"00".repeat(12)}${devnet.accounts[0]!.address.slice(2).toLowerCase()}`;
    const params = [{ to: devnet.tokens.USDm.address, data: balanceOf }, "latest"];
    const real = (await post(devnet.rpcUrl, call("eth_call", params))).json as { result: string };
    expect(real.result).toHaveLength(66);
    proxy.inject({
      method: "eth_call",
      times: 1,
      fault: { kind: "rewrite-result", rewrite: (result) => `${result as string}${"00".repeat(8)}` },
    });
    proxy.inject({
      method: "eth_call",
      nth: 2,
      times: 1,
      fault: { kind: "rewrite-result", rewrite: () => "0xzz" },
    });
    proxy.inject({
      method: "eth_call",
      nth: 3,
      times: 1,
      fault: {
        kind: "rewrite-result",
        rewrite: () => {
          throw new Error("no");
        },
      },
    });
    expect(((await post(proxy.url, call("eth_call", params))).json as { result: string }).result).toBe(
      `${real.result}${"00".repeat(8)}`,
    );
    expect((await post(proxy.url, call("eth_call", params))).json).toMatchObject({ result: "0xzz" });
    expect((await post(proxy.url, call("eth_call", params))).json).toMatchObject({
      error: { code: -32603, message: "fault proxy: rewrite threw: no" },
    });
    expect((await post(proxy.url, call("eth_call", params))).json).toMatchObject({ result: real.result });
  });

  it("forward-then-result: the transaction is mined but the client reads 0x as its hash", async () => {
    const proxy = await proxyFor();
    proxy.inject({ method: "eth_sendRawTransaction", fault: { kind: "forward-then-result", result: "0x" } });
    const { raw, hash } = await signedTransfer();
    expect(await post(proxy.url, call("eth_sendRawTransaction", [raw], "a"))).toMatchObject({
      status: 200,
      json: { jsonrpc: "2.0", id: "a", result: "0x" },
    });
    expect(await mined(hash)).toBe("success");
    // An upstream error is passed through unchanged (the same transaction again: already known or nonce too low).
    const again = (await post(proxy.url, call("eth_sendRawTransaction", [raw]))).json as { error?: unknown };
    expect(again.error).toBeDefined();
  });

  it("result: dropped receipts (null, not forwarded) for the first calls, then the real receipt", async () => {
    const proxy = await proxyFor();
    const { raw, hash } = await signedTransfer();
    await direct.sendRawTransaction({ serializedTransaction: raw });
    expect(await mined(hash)).toBe("success");
    const dropped = proxy.inject({
      method: "eth_getTransactionReceipt",
      times: 2,
      fault: { kind: "result", result: null },
    });
    const receipt = () => post(proxy.url, call("eth_getTransactionReceipt", [hash]));
    expect((await receipt()).json).toMatchObject({ result: null });
    expect((await receipt()).json).toMatchObject({ result: null });
    expect((await receipt()).json).toMatchObject({ result: { transactionHash: hash, status: "0x1" } });
    expect(dropped.hits).toBe(2);
  });

  it("error: a JSON-RPC error without forwarding, with an optional HTTP status", async () => {
    const proxy = await proxyFor();
    proxy.inject({
      method: "eth_simulateV1",
      fault: { kind: "error", code: -32601, message: "the method eth_simulateV1 does not exist" },
    });
    proxy.inject({
      method: "eth_sendRawTransaction",
      fault: { kind: "error", code: -32000, message: "no", status: 500 },
    });
    const viem = createPublicClient({ chain, transport: http(proxy.url, { retryCount: 0 }) });
    await expect(
      viem.request({ method: "eth_simulateV1" as never, params: [] as never }),
    ).rejects.toMatchObject({
      code: -32601,
    });
    const { raw, hash } = await signedTransfer();
    expect(await post(proxy.url, call("eth_sendRawTransaction", [raw]))).toMatchObject({
      status: 500,
      json: { error: { code: -32000, message: "no" } },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await known(hash)).toBe(false);
  });

  it("delay: waits, then forwards", async () => {
    const proxy = await proxyFor();
    proxy.inject({ method: "eth_chainId", fault: { kind: "delay", ms: 300 } });
    const started = Date.now();
    expect(await post(proxy.url, call("eth_chainId"))).toMatchObject({ json: { result: "0xa4ec" } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("batches: a per-entry fault changes only its entry; an HTTP-level fault the whole response", async () => {
    const proxy = await proxyFor();
    proxy.inject({ method: "eth_getTransactionReceipt", fault: { kind: "result", result: null } });
    proxy.inject({ method: "eth_blockNumber", fault: { kind: "forward-then-result", result: "0x0" } });
    const { hash } = await signedTransfer().then(async (signed) => {
      await direct.sendRawTransaction({ serializedTransaction: signed.raw });
      return signed;
    });
    await mined(hash);
    const answer = await post(proxy.url, [
      call("eth_chainId", [], 1),
      call("eth_getTransactionReceipt", [hash], 2),
      call("eth_blockNumber", [], 3),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([
      { jsonrpc: "2.0", id: 1, result: "0xa4ec" },
      { jsonrpc: "2.0", id: 2, result: null },
      { jsonrpc: "2.0", id: 3, result: "0x0" },
    ]);
    proxy.inject({ method: "eth_gasPrice", fault: { kind: "status", status: 500 } });
    const whole = await post(proxy.url, [call("eth_chainId", [], 1), call("eth_gasPrice", [], 2)]);
    expect(whole.status).toBe(500);
    expect(whole.json).toMatchObject([
      { id: 1, error: {} },
      { id: 2, error: {} },
    ]);
    expect(proxy.batches).toEqual([
      ["eth_chainId", "eth_getTransactionReceipt", "eth_blockNumber"],
      ["eth_chainId", "eth_gasPrice"],
    ]);
    expect(proxy.count("eth_chainId")).toBe(2);
  });

  it("nth and times pick the calls; the first injected due rule wins; remove() and clearFaults() end faults", async () => {
    const proxy = await proxyFor();
    const second = proxy.inject({
      method: "eth_chainId",
      nth: 2,
      times: 1,
      fault: { kind: "result", result: "0x1" },
    });
    const every = proxy.inject({ method: "*", fault: { kind: "result", result: "0x2" } });
    const results: unknown[] = [];
    for (let i = 0; i < 3; i++)
      results.push(((await post(proxy.url, call("eth_chainId"))).json as { result: unknown }).result);
    expect(results).toEqual(["0x2", "0x1", "0x2"]);
    expect([second.hits, every.hits]).toEqual([1, 2]);
    every.remove();
    expect((await post(proxy.url, call("eth_chainId"))).json).toMatchObject({ result: "0xa4ec" });
    proxy.inject({ method: "*", fault: { kind: "status", status: 500 } });
    proxy.clearFaults();
    expect((await post(proxy.url, call("eth_chainId"))).json).toMatchObject({ result: "0xa4ec" });
  });

  it("refuses a bad rule with a clear message", async () => {
    const proxy = await proxyFor();
    expect(() => proxy.inject({ method: "", fault: { kind: "hang" } })).toThrow(/method/);
    expect(() => proxy.inject({ method: "*", nth: 0, fault: { kind: "hang" } })).toThrow(/nth/);
    expect(() => proxy.inject({ method: "*", times: 1.5, fault: { kind: "hang" } })).toThrow(/times/);
    expect(() => proxy.inject({ method: "*", fault: { kind: "status", status: 42 } })).toThrow(/status/);
    expect(() => proxy.inject({ method: "*", fault: { kind: "delay", ms: -1 } })).toThrow(/delay/);
    expect(() => proxy.inject({ method: "*", fault: { kind: "nope" } as never })).toThrow(
      /unknown fault kind/,
    );
  });
});

describe("the upstream down or late, and secrets", () => {
  it("answers 502 for an unreachable upstream, 504 past upstreamTimeoutMs, and never prints the upstream URL", async () => {
    const secret = "SECRET_proxy_key_4d2f";
    const down = await proxyFor({ upstream: `${await closedPortUrl()}/v2/42220/rpc?apikey=${secret}` });
    const refused = await post(down.url, call("eth_chainId"));
    expect(refused).toMatchObject({ status: 502, json: { id: 1, error: { code: -32603 } } });
    expect(refused.text).not.toContain(secret);

    const hanging = await proxyFor();
    hanging.inject({ method: "*", fault: { kind: "hang" } });
    const late = await proxyFor({ upstream: `${hanging.url}?apikey=${secret}`, upstreamTimeoutMs: 300 });
    const started = Date.now();
    const timedOut = await post(late.url, call("eth_chainId"));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(timedOut.status).toBe(504);
    expect(timedOut.text).not.toContain(secret);

    const invalid = await startFaultProxy({ upstream: `not a url apikey=${secret}` }).catch(
      (e: unknown) => e,
    );
    expect(String(invalid)).toMatch(/not a URL/);
    expect(`${String(invalid)} ${JSON.stringify(invalid)} ${(invalid as Error).stack}`).not.toContain(secret);
    expect(JSON.stringify(late)).not.toContain(secret);
  });
});

describe("garbage in: a JSON-RPC error answer, never a crash", () => {
  const notRequest = fc.oneof(
    fc.string(),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
    fc.array(fc.jsonValue(), { maxLength: 4 }).map((value) => JSON.stringify(value)),
  );
  const isValidCall = (value: unknown) =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { method?: unknown }).method === "string" &&
    (value as { method: string }).method.length > 0;

  it("parseJsonRpcBody never throws, and accepts exactly a call or a non-empty batch of calls", () => {
    fc.assert(
      fc.property(notRequest, (text) => {
        const parsed = parseJsonRpcBody(text);
        let payload: unknown;
        let json = true;
        try {
          payload = JSON.parse(text);
        } catch {
          json = false;
        }
        if (!json) return !parsed.ok && parsed.body.error.code === PARSE_ERROR.code;
        if (parsed.ok) {
          const calls = Array.isArray(payload) ? payload : [payload];
          return calls.length > 0 && calls.every(isValidCall) && parsed.batch === Array.isArray(payload);
        }
        return parsed.status === 400 && parsed.body.error.code === INVALID_REQUEST_ERROR.code;
      }),
      { numRuns: 500 },
    );
  });

  it("parseJsonRpcBody keeps every call of a valid batch, in order", () => {
    const callArb = fc.record({
      jsonrpc: fc.constant("2.0"),
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      method: fc.string({ minLength: 1 }),
      params: fc.array(fc.jsonValue(), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(callArb, { minLength: 1, maxLength: 8 }), (calls) => {
        const parsed = parseJsonRpcBody(JSON.stringify(calls));
        return parsed.ok && parsed.batch && JSON.stringify(parsed.calls) === JSON.stringify(calls);
      }),
    );
  });

  it("forwardUrl keeps the upstream's origin, path and query, joins the request's path, and merges queries", () => {
    expect(forwardUrl("http://127.0.0.1:1/", "/").href).toBe("http://127.0.0.1:1/");
    expect(forwardUrl("http://127.0.0.1:1", "//v2/42220/rpc?apikey=k").href).toBe(
      "http://127.0.0.1:1/v2/42220/rpc?apikey=k",
    );
    expect(forwardUrl("http://127.0.0.1:1/base/?a=1", "/v2?b=2").href).toBe(
      "http://127.0.0.1:1/base/v2?a=1&b=2",
    );
    expect(forwardUrl("http://127.0.0.1:1/rpc?apikey=k", "/").href).toBe("http://127.0.0.1:1/rpc?apikey=k");
    fc.assert(
      fc.property(fc.string(), (path) => {
        const target = forwardUrl("http://127.0.0.1:1/base?apikey=k", path);
        const keyKept = path.includes("apikey") || target.searchParams.get("apikey") === "k";
        return target.origin === "http://127.0.0.1:1" && keyKept;
      }),
    );
  });

  it("the live proxy answers garbage bodies with HTTP 400 and a JSON-RPC error, and keeps serving", async () => {
    const proxy = await proxyFor();
    await fc.assert(
      fc.asyncProperty(notRequest, async (text) => {
        if (parseJsonRpcBody(text).ok) return true; // a real request (rare): forwarded, not garbage
        const answer = await post(proxy.url, text);
        const code = (answer.json as { error?: { code?: number } } | undefined)?.error?.code;
        return answer.status === 400 && (code === PARSE_ERROR.code || code === INVALID_REQUEST_ERROR.code);
      }),
      { numRuns: 60 },
    );
    expect(proxy.batches.every((methods) => methods.length === 0)).toBe(true);
    expect(await post(proxy.url, call("eth_chainId"))).toMatchObject({
      status: 200,
      json: { result: "0xa4ec" },
    });
    const get = await fetch(proxy.url, { signal: AbortSignal.timeout(5_000) });
    expect(get.status).toBe(405);
  });
});
