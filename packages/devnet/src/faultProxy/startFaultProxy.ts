// A fault-injecting JSON-RPC proxy for tests: a real HTTP server on 127.0.0.1 in front of a JSON-RPC endpoint
// (the devnet's RPC, bundler or sponsor endpoint). It forwards everything unchanged and counts what passes,
// until a test injects a fault: lose the answer after forwarding, answer an HTTP status (with Retry-After),
// hang, replace or rewrite a result, answer a static result or a JSON-RPC error, or delay. viem and
// permissionless run unmodified against it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { forwardUrl } from "./forwardUrl.js";
import { errorAnswers, isJson, readBody, type Upstream } from "./httpExchange.js";
import { INVALID_REQUEST_ERROR, idOf, isRecord, parseJsonRpcBody } from "./parseJsonRpcBody.js";
import { checkRule, HTTP_LEVEL, LOCAL, type Rule } from "./rules.js";
import type { Fault, FaultKind, FaultProxy, FaultProxyOptions, JsonRpcRequest } from "./types.js";

/**
 * Starts a fault-injecting JSON-RPC proxy on 127.0.0.1 (a free port) in front of `upstream`. Without rules it
 * forwards every request unchanged (same body, path and query; the upstream's status and body come back
 * verbatim) and counts HTTP requests and JSON-RPC calls. `inject` adds faults. A body that is not JSON-RPC is
 * answered with HTTP 400 and a JSON-RPC error (`-32700` or `-32600`), a non-POST request with 405, an
 * unreachable upstream with 502 and a late one with 504; the proxy itself never crashes on input.
 *
 * @example
 * const devnet = useDevnet();
 * const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
 * proxy.inject({ method: "eth_sendRawTransaction", times: 1, fault: { kind: "forward-then-close" } });
 * proxy.inject({ method: "eth_getTransactionReceipt", times: 3, fault: { kind: "result", result: null } });
 * const client = createSdkClient({ rpcUrl: proxy.url });
 * // ... the transaction is mined, its sender saw a closed socket, then three null receipts ...
 * await proxy.close();
 *
 * @example
 * // the sponsor endpoint: the path and query (with the apikey) are forwarded
 * const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
 * sponsor.inject({ method: "eth_sendUserOperation", fault: { kind: "forward-then-status", status: 502 } });
 * const sponsorUrl = `${sponsor.url}v2/42220/rpc?apikey=${devnet.sponsorApiKey}`;
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  let upstream: URL;
  try {
    upstream = new URL(options.upstream);
  } catch {
    // Node's TypeError carries the input, which may hold an apikey: do not pass it on.
    throw new Error("startFaultProxy: upstream is not a URL");
  }
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:") {
    throw new Error(`startFaultProxy: upstream must be an http(s) URL, not ${upstream.protocol}`);
  }
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 30_000;
  if (!(Number.isFinite(upstreamTimeoutMs) && upstreamTimeoutMs > 0)) {
    throw new Error("startFaultProxy: upstreamTimeoutMs must be a positive number of ms");
  }

  let requests = 0;
  let batches: string[][] = [];
  let rules: Rule[] = [];
  const closing = new AbortController();
  /**
   * Wakes the requests waiting (a hang, a delay) when the proxy closes. One set for all: each waiter removes
   * itself when its request ends, so none is left behind and no listener piles up on `closing.signal`.
   */
  const waiting = new Set<() => void>();
  const inFlight = new Set<Promise<void>>();
  const sockets = new Set<Socket>();

  /** Waits `ms`, or until the proxy closes; the caller checks `closing.signal.aborted`. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (closing.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });
  }

  /** The due fault for a call of `method`, advancing every matching rule's count. */
  function faultFor(method: string): Fault | undefined {
    let chosen: Rule | undefined;
    for (const rule of rules) {
      if (rule.method !== "*" && rule.method !== method) continue;
      rule.seen++;
      const due = rule.seen >= rule.nth && rule.seen - rule.nth < rule.times;
      if (due && !chosen) chosen = rule;
    }
    if (!chosen) return undefined;
    chosen.hits++;
    return chosen.fault;
  }

  async function forward(path: string, body: string): Promise<Upstream> {
    const response = await fetch(forwardUrl(upstream, path), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.any([closing.signal, AbortSignal.timeout(upstreamTimeoutMs)]),
    });
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "application/json",
      text: await response.text(),
    };
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body);
  }

  /** Forwards, or answers 502/504 itself when the upstream cannot be had (returns undefined then). */
  async function forwardOrFail(
    res: ServerResponse,
    path: string,
    body: string,
    calls: readonly JsonRpcRequest[],
    batch: boolean,
  ): Promise<Upstream | undefined> {
    try {
      return await forward(path, body);
    } catch (error) {
      if (closing.signal.aborted) return undefined;
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      const message = timedOut
        ? `fault proxy: no answer from the upstream within ${upstreamTimeoutMs} ms`
        : "fault proxy: the upstream is unreachable";
      send(res, timedOut ? 504 : 502, errorAnswers(calls, batch, -32603, message));
      return undefined;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    requests++;
    const path = req.url ?? "/";
    if (text === "too-large") {
      batches.push([]);
      send(res, 413, JSON.stringify({ jsonrpc: "2.0", id: null, error: { ...INVALID_REQUEST_ERROR } }));
      req.socket.destroy();
      return;
    }
    if (req.method !== "POST") {
      batches.push([]);
      send(
        res,
        405,
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Use POST" } }),
        { allow: "POST" },
      );
      return;
    }
    const parsed = parseJsonRpcBody(text);
    if (!parsed.ok) {
      batches.push([]);
      send(res, parsed.status, JSON.stringify(parsed.body));
      return;
    }
    const { calls, batch } = parsed;
    batches.push(calls.map((call) => call.method));
    const faults = calls.map((call) => faultFor(call.method));

    const delay = Math.max(0, ...faults.map((fault) => (fault?.kind === "delay" ? fault.ms : 0)));
    if (delay > 0) await pause(delay);
    if (closing.signal.aborted) return;

    const httpLevel = faults.find((fault) => fault !== undefined && HTTP_LEVEL.has(fault.kind));
    if (httpLevel) {
      switch (httpLevel.kind) {
        case "status":
          sendStatus(httpLevel);
          return;
        case "hang":
          if (httpLevel.forward) await forward(path, text).catch(() => undefined);
          await new Promise<void>((resolve) => {
            if (closing.signal.aborted || res.destroyed) return resolve();
            const done = () => {
              waiting.delete(done);
              res.off("close", done);
              resolve();
            };
            waiting.add(done);
            res.once("close", done);
          });
          res.destroy();
          return;
        case "forward-then-close":
          await forward(path, text).catch(() => undefined);
          res.destroy();
          req.socket.destroy();
          return;
        case "forward-then-status":
          await forward(path, text).catch(() => undefined);
          sendStatus(httpLevel);
          return;
      }
    }

    const changed = faults.some((fault) => fault !== undefined && fault.kind !== "delay");
    if (!changed) {
      const answer = await forwardOrFail(res, path, text, calls, batch);
      if (answer) send(res, answer.status, answer.text, { "content-type": answer.contentType });
      return;
    }

    // Per-entry faults: forward the calls that need the upstream (in one request, in the request's shape),
    // answer the others here, and put the answers back in order.
    const forwarded = calls.flatMap((call, index) =>
      LOCAL.has(faults[index]?.kind as FaultKind) ? [] : [{ call, index }],
    );
    const upstreamAnswers = new Map<number, unknown>();
    let status = 200;
    if (forwarded.length > 0) {
      const body = JSON.stringify(batch ? forwarded.map(({ call }) => call) : forwarded[0]!.call);
      const answer = await forwardOrFail(res, path, body, calls, batch);
      if (!answer) return;
      status = answer.status;
      let payload: unknown;
      try {
        payload = JSON.parse(answer.text);
      } catch {
        payload = undefined;
      }
      const list = Array.isArray(payload) ? [...payload] : [payload];
      for (const [position, { call, index }] of forwarded.entries()) {
        // Match by id (a batch's answers may come in any order), else by position.
        const key = JSON.stringify(idOf(call));
        const at = list.findIndex((entry) => isRecord(entry) && JSON.stringify(entry.id ?? null) === key);
        const found = at >= 0 ? list.splice(at, 1, undefined)[0] : list[position];
        upstreamAnswers.set(index, found);
      }
    }
    const answers = calls.map((call, index): unknown => {
      const fault = faults[index];
      const base = { jsonrpc: "2.0" as const, id: idOf(call) };
      if (fault?.kind === "result") return { ...base, result: fault.result };
      if (fault?.kind === "error") {
        const error = {
          code: fault.code,
          message: fault.message,
          ...("data" in fault ? { data: fault.data } : {}),
        };
        return { ...base, error };
      }
      const upstreamAnswer = upstreamAnswers.get(index);
      if (upstreamAnswer === undefined) {
        return {
          ...base,
          error: { code: -32603, message: "fault proxy: the upstream's answer has no entry for this call" },
        };
      }
      if (!isRecord(upstreamAnswer) || !("result" in upstreamAnswer)) return upstreamAnswer;
      if (fault?.kind === "forward-then-result") return { ...upstreamAnswer, result: fault.result };
      if (fault?.kind === "rewrite-result") {
        try {
          return { ...upstreamAnswer, result: fault.rewrite(upstreamAnswer.result, call) };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          return { ...base, error: { code: -32603, message: `fault proxy: rewrite threw: ${reason}` } };
        }
      }
      return upstreamAnswer;
    });
    if (forwarded.length === 0) {
      const first = faults.find((fault) => fault?.kind === "error");
      status = first?.kind === "error" ? (first.status ?? 200) : 200;
    }
    let body: string;
    try {
      body = JSON.stringify(batch ? answers : answers[0]) ?? "null";
    } catch (error) {
      // e.g. a rewrite returned a bigint or a cycle
      const reason = error instanceof Error ? error.message : String(error);
      send(
        res,
        500,
        errorAnswers(calls, batch, -32603, `fault proxy: cannot serialize the answer: ${reason}`),
      );
      return;
    }
    send(res, status, body);

    function sendStatus(fault: { status: number; retryAfter?: string | number; body?: string }) {
      const body = fault.body ?? errorAnswers(calls, batch, -32000, `fault proxy: HTTP ${fault.status}`);
      const headers = { "content-type": isJson(body) ? "application/json" : "text/plain; charset=utf-8" };
      if (fault.retryAfter !== undefined) Object.assign(headers, { "retry-after": String(fault.retryAfter) });
      send(res, fault.status, body, headers);
    }
  }

  const server = createServer((req, res) => {
    const task = handle(req, res)
      .catch(() => {
        // A failure of the proxy itself (never expected): answer 500 rather than crash.
        send(
          res,
          500,
          JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: "fault proxy error" } }),
        );
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/`,
    get requests() {
      return requests;
    },
    get batches() {
      return batches.map((methods) => [...methods]);
    },
    get methods() {
      return batches.flat();
    },
    count(method) {
      return batches.flat().filter((seen) => method === "*" || seen === method).length;
    },
    inject(rule) {
      checkRule(rule);
      const entry: Rule = {
        method: rule.method,
        nth: rule.nth ?? 1,
        times: rule.times ?? Infinity,
        fault: rule.fault,
        seen: 0,
        hits: 0,
      };
      rules.push(entry);
      return {
        get hits() {
          return entry.hits;
        },
        remove() {
          rules = rules.filter((other) => other !== entry);
        },
      };
    },
    clearFaults() {
      rules = [];
    },
    reset() {
      requests = 0;
      batches = [];
    },
    close() {
      closed ??= (async () => {
        closing.abort();
        for (const wake of [...waiting]) wake();
        const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        await Promise.allSettled([...inFlight]);
        await serverClosed;
      })();
      return closed;
    },
  };
}
