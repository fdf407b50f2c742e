// A fault-injecting JSON-RPC proxy for tests: a real HTTP server on 127.0.0.1 in front of a JSON-RPC endpoint
// (the devnet's RPC, bundler or sponsor endpoint). It forwards everything unchanged and counts what passes,
// until a test injects a fault: lose the answer after forwarding, answer an HTTP status (with Retry-After),
// hang, replace or rewrite a result, answer a static result or a JSON-RPC error, or delay. viem and
// permissionless run unmodified against it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A JSON-RPC request id (`undefined` when the request has none, i.e. a notification). */
export type JsonRpcId = string | number | null;

/**
 * One JSON-RPC call as the proxy received it (one entry of a batch, or the whole body).
 *
 * @example
 * const call: JsonRpcRequest = { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] };
 */
export interface JsonRpcRequest {
  readonly jsonrpc?: unknown;
  readonly id?: JsonRpcId;
  readonly method: string;
  readonly params?: unknown;
}

/**
 * What the proxy does to a call a rule matched. Faults marked *HTTP-level* decide the whole HTTP response:
 * in a batch, the entry's fault applies to every entry (the first HTTP-level fault in batch order wins, and
 * per-entry faults of the other entries are then ignored). The others (*per entry*) change only their entry's
 * answer; the batch's other entries are forwarded in one upstream request and answered as usual.
 *
 * @example
 * proxy.inject({ method: "eth_sendRawTransaction", fault: { kind: "forward-then-close" } });
 * proxy.inject({ method: "*", fault: { kind: "status", status: 429, retryAfter: 3600 } });
 * proxy.inject({ method: "eth_call", fault: { kind: "rewrite-result", rewrite: (r) => `${r}${"00".repeat(8)}` } });
 */
export type Fault =
  /** HTTP-level. Forwards the request, waits for the upstream's answer, then closes the socket without answering (the call took effect; its answer is lost). */
  | { readonly kind: "forward-then-close" }
  /** HTTP-level. Forwards the request, waits for the upstream's answer, then answers `status` instead (e.g. 502). */
  | {
      readonly kind: "forward-then-status";
      /** The HTTP status to answer (100..599). */
      readonly status: number;
      /** Sent as the `Retry-After` header when given (seconds, or an HTTP date). */
      readonly retryAfter?: string | number;
      /**
       * The response body; default a JSON-RPC error per call, in the request's shape. Sent as
       * `application/json` when it parses as JSON, else as `text/plain` (like a load balancer's error page).
       */
      readonly body?: string;
    }
  /** HTTP-level. Answers `status` without forwarding anything (e.g. 429 with `Retry-After`, 500, 503). */
  | {
      readonly kind: "status";
      /** The HTTP status to answer (100..599). */
      readonly status: number;
      /** Sent as the `Retry-After` header when given (seconds, or an HTTP date). */
      readonly retryAfter?: string | number;
      /**
       * The response body; default a JSON-RPC error per call, in the request's shape. Sent as
       * `application/json` when it parses as JSON, else as `text/plain` (like a load balancer's error page).
       */
      readonly body?: string;
    }
  /**
   * HTTP-level. Never answers: the request stays open until the client gives up or `close()` ends it. With
   * `forward: true` the request is forwarded first (it takes effect; its answer never comes), otherwise not.
   */
  | { readonly kind: "hang"; readonly forward?: boolean }
  /** Per entry. Forwards the call, then answers `result` in place of the upstream's result (e.g. `"0x"`). An upstream error answer is passed through unchanged. */
  | { readonly kind: "forward-then-result"; readonly result: unknown }
  /**
   * Per entry. Forwards the call, then answers `rewrite(result, call)` in place of the upstream's result (an
   * over-long or malformed result). An upstream error answer is passed through unchanged; a `rewrite` that
   * throws makes the entry a JSON-RPC error `-32603`.
   */
  | {
      readonly kind: "rewrite-result";
      readonly rewrite: (result: unknown, call: JsonRpcRequest) => unknown;
    }
  /** Per entry. Answers `result` without forwarding (e.g. `null` for a dropped receipt). */
  | { readonly kind: "result"; readonly result: unknown }
  /** Per entry. Answers a JSON-RPC error without forwarding, with HTTP `status` (default 200). */
  | {
      readonly kind: "error";
      readonly code: number;
      readonly message: string;
      readonly data?: unknown;
      /** The HTTP status of the response (default 200); in a batch, the first entry's status wins. */
      readonly status?: number;
    }
  /** Per entry. Waits `ms` milliseconds, then forwards the call as usual (the whole HTTP response waits). */
  | { readonly kind: "delay"; readonly ms: number };

/** The `kind` of a fault. */
export type FaultKind = Fault["kind"];

/**
 * A fault rule: which calls, and what happens to them.
 *
 * @example
 * // the 2nd eth_sendRawTransaction from now, once: forwarded, answer lost
 * proxy.inject({ method: "eth_sendRawTransaction", nth: 2, times: 1, fault: { kind: "forward-then-close" } });
 * // the next three receipt polls answer null (not forwarded), then the real receipts come through
 * proxy.inject({ method: "eth_getTransactionReceipt", times: 3, fault: { kind: "result", result: null } });
 */
export interface FaultRule {
  /** The JSON-RPC method the rule matches, or `"*"` for every method. */
  readonly method: string;
  /**
   * The first matching call the fault applies to, counted from 1 since the rule was injected (default 1).
   * Every call of the method counts, including those another rule took.
   */
  readonly nth?: number;
  /** How many matching calls, from the `nth`, the fault applies to (default: all of them). */
  readonly times?: number;
  readonly fault: Fault;
}

/**
 * An injected rule, returned by `proxy.inject`.
 *
 * @example
 * const lost = proxy.inject({ method: "eth_sendRawTransaction", times: 1, fault: { kind: "forward-then-close" } });
 * // ... run the code under test ...
 * expect(lost.hits).toBe(1); // the fault did fire
 * lost.remove();
 */
export interface InjectedFault {
  /** How many calls this rule's fault was applied to. */
  readonly hits: number;
  /** Removes the rule; calls already being handled are not affected. */
  remove(): void;
}

/**
 * Options of `startFaultProxy`.
 *
 * @example
 * const options: FaultProxyOptions = { upstream: devnet.rpcUrl, upstreamTimeoutMs: 10_000 };
 */
export interface FaultProxyOptions {
  /**
   * The JSON-RPC endpoint to forward to. Its path and query are kept: a request to the proxy's `/` goes to the
   * upstream URL as is; a request to `/a/b?x=1` goes to the upstream path joined with `/a/b`, with the
   * upstream's query parameters and `x=1`. The upstream URL (it may carry an `apikey`) is never printed.
   */
  readonly upstream: string;
  /** The longest wait for the upstream's answer, in ms (default 30,000); past it the client gets HTTP 504. */
  readonly upstreamTimeoutMs?: number;
}

/**
 * A running fault proxy. Counts are since the start or the last `reset()`.
 *
 * @example
 * const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
 * const client = createPublicClient({ chain: celo, transport: http(proxy.url) });
 * await client.getChainId();
 * proxy.requests; // 1
 * proxy.methods; // ["eth_chainId"]
 * await proxy.close();
 */
export interface FaultProxy {
  /** `http://127.0.0.1:<port>/` (ends with `/`); append the upstream-relative path and query, if any. */
  readonly url: string;
  /** HTTP requests received (a batch is one; a body that is not JSON-RPC is one too). */
  readonly requests: number;
  /** JSON-RPC methods received, one array per HTTP request, in order (`[]` for a body that is not JSON-RPC); a copy. */
  readonly batches: string[][];
  /** JSON-RPC methods received, in order, batches flattened; a copy. */
  readonly methods: string[];
  /** How many JSON-RPC calls of `method` were received (`"*"`: of every method). */
  count(method: string): number;
  /** Adds a fault rule; rules are tried in the order they were injected, and the first due one applies. */
  inject(rule: FaultRule): InjectedFault;
  /** Removes every fault rule (the counts stay). */
  clearFaults(): void;
  /** Sets the counts (`requests`, `batches`, `methods`) back to zero; the fault rules stay. */
  reset(): void;
  /**
   * Stops the proxy: ends hanging and delayed requests and upstream waits (their clients see the connection
   * close), and resolves once the server is closed. Idempotent.
   */
  close(): Promise<void>;
}

/** The JSON-RPC error the proxy answers (HTTP 400) for a body that is not JSON. */
export const PARSE_ERROR = { code: -32700, message: "Parse error" } as const;
/** The JSON-RPC error the proxy answers (HTTP 400) for JSON that is not a request or a non-empty batch of requests. */
export const INVALID_REQUEST_ERROR = { code: -32600, message: "Invalid Request" } as const;

/** The largest request body the proxy reads (16 MiB); a longer one is answered with HTTP 413. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * What `parseJsonRpcBody` makes of a request body: the calls, or the answer the proxy gives instead.
 *
 * @example
 * const parsed: ParsedJsonRpcBody = parseJsonRpcBody('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}');
 */
export type ParsedJsonRpcBody =
  | { readonly ok: true; readonly batch: boolean; readonly calls: readonly JsonRpcRequest[] }
  | {
      readonly ok: false;
      readonly status: 400;
      readonly body: { jsonrpc: "2.0"; id: null; error: { code: number; message: string } };
    };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is JsonRpcId =>
  value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

const isCall = (value: unknown): value is JsonRpcRequest =>
  isRecord(value) &&
  typeof value.method === "string" &&
  value.method.length > 0 &&
  (!("id" in value) || isId(value.id));

/**
 * Parses a JSON-RPC request body: a call or a non-empty array of calls (each an object with a non-empty string
 * `method` and, if present, an `id` that is a string, a finite number or null). Never throws: for anything
 * else it returns the HTTP 400 answer (`-32700` when the body is not JSON, `-32600` otherwise).
 *
 * @example
 * parseJsonRpcBody('[{"id":1,"method":"eth_chainId"},{"id":2,"method":"eth_call","params":[]}]');
 * // { ok: true, batch: true, calls: [ {...eth_chainId}, {...eth_call} ] }
 * parseJsonRpcBody("{oops"); // { ok: false, status: 400, body: { ..., error: { code: -32700, ... } } }
 */
export function parseJsonRpcBody(text: string): ParsedJsonRpcBody {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, body: { jsonrpc: "2.0", id: null, error: { ...PARSE_ERROR } } };
  }
  const invalid = {
    ok: false,
    status: 400,
    body: { jsonrpc: "2.0", id: null, error: { ...INVALID_REQUEST_ERROR } },
  } as const;
  if (Array.isArray(payload)) {
    if (payload.length === 0 || !payload.every(isCall)) return invalid;
    return { ok: true, batch: true, calls: payload };
  }
  return isCall(payload) ? { ok: true, batch: false, calls: [payload] } : invalid;
}

/**
 * The URL a request for `requestPath` (path and query, as in `req.url`) is forwarded to: the upstream's path
 * joined with the request's path (the upstream path alone for `/`), the upstream's query parameters then the
 * request's (a request parameter replaces an upstream one of the same name).
 *
 * @example
 * forwardUrl("http://127.0.0.1:4337", "/v2/42220/rpc?apikey=k").href; // "http://127.0.0.1:4337/v2/42220/rpc?apikey=k"
 * forwardUrl("http://127.0.0.1:4337/v2/42220/rpc?apikey=k", "/").href; // "http://127.0.0.1:4337/v2/42220/rpc?apikey=k"
 */
export function forwardUrl(upstream: string | URL, requestPath: string): URL {
  const target = new URL(upstream.toString());
  // A request target is a path, never a URL: "//v2" is the path "/v2", not the host "v2".
  const withoutFragment = requestPath.split("#")[0] ?? "";
  const queryAt = withoutFragment.indexOf("?");
  const rawPath = queryAt >= 0 ? withoutFragment.slice(0, queryAt) : withoutFragment;
  const query = new URLSearchParams(queryAt >= 0 ? withoutFragment.slice(queryAt + 1) : "");
  const path = `/${rawPath}`.replace(/\/{2,}/g, "/");
  if (path !== "/") {
    target.pathname = `${target.pathname.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  }
  for (const [name, value] of query) target.searchParams.set(name, value);
  return target;
}

interface Rule {
  readonly method: string;
  readonly nth: number;
  readonly times: number;
  readonly fault: Fault;
  seen: number;
  hits: number;
}

const HTTP_LEVEL: ReadonlySet<FaultKind> = new Set([
  "forward-then-close",
  "forward-then-status",
  "status",
  "hang",
]);
const LOCAL: ReadonlySet<FaultKind> = new Set(["result", "error"]);

function checkRule(rule: FaultRule): void {
  const fail = (what: string): never => {
    throw new Error(`faultProxy.inject: ${what}`);
  };
  if (typeof rule?.method !== "string" || rule.method.length === 0)
    fail('method must be a method name or "*"');
  if (rule.nth !== undefined && !(Number.isInteger(rule.nth) && rule.nth >= 1))
    fail("nth must be an integer >= 1");
  if (
    rule.times !== undefined &&
    !((Number.isInteger(rule.times) && rule.times >= 1) || rule.times === Infinity)
  ) {
    fail("times must be an integer >= 1 (or Infinity)");
  }
  const fault = rule.fault as Fault | undefined;
  const status = (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;
  switch (fault?.kind) {
    case "forward-then-status":
    case "status":
      if (!status(fault.status)) fail("status must be an HTTP status (100..599)");
      break;
    case "error":
      if (!Number.isInteger(fault.code) || typeof fault.message !== "string")
        fail("error needs an integer code and a message");
      if (fault.status !== undefined && !status(fault.status))
        fail("status must be an HTTP status (100..599)");
      break;
    case "rewrite-result":
      if (typeof fault.rewrite !== "function") fail("rewrite must be a function");
      break;
    case "delay":
      if (!(Number.isFinite(fault.ms) && fault.ms >= 0)) fail("delay ms must be a finite number >= 0");
      break;
    case "forward-then-close":
    case "hang":
    case "forward-then-result":
    case "result":
      break;
    default:
      fail(`unknown fault kind ${JSON.stringify(String((fault as { kind?: unknown } | undefined)?.kind))}`);
  }
}

type Upstream = { status: number; contentType: string; text: string };

const idOf = (call: JsonRpcRequest): JsonRpcId => (isId(call.id) ? call.id : null);

function errorAnswers(
  calls: readonly JsonRpcRequest[],
  batch: boolean,
  code: number,
  message: string,
): string {
  const answers = calls.map((call) => ({ jsonrpc: "2.0", id: idOf(call), error: { code, message } }));
  return JSON.stringify(batch ? answers : answers[0]);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function readBody(req: IncomingMessage): Promise<string | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve("too-large");
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

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

/**
 * A loopback URL with nothing listening on it (a server is started on a free port and closed): a request to
 * it fails with "connection refused", for tests of an endpoint that is down.
 *
 * @example
 * const down = await closedPortUrl(); // "http://127.0.0.1:<port>"
 * await expect(fetch(down, { method: "POST" })).rejects.toThrow();
 */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
