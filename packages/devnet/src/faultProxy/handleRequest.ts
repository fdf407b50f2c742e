// One request through the proxy: refused when it is not JSON-RPC over POST, counted, delayed, then answered by an
// HTTP-level fault (status, hang, forward-then-close, forward-then-status), forwarded unchanged, or answered entry
// by entry (entryAnswers.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { entryAnswer, matchUpstreamAnswers } from "./entryAnswers.js";
import { forwardUrl } from "./forwardUrl.js";
import { errorAnswers, isJson, readBody, type Upstream } from "./httpExchange.js";
import { INVALID_REQUEST_ERROR, parseJsonRpcBody } from "./parseJsonRpcBody.js";
import { HTTP_LEVEL, LOCAL } from "./rules.js";
import type { Fault, FaultKind, JsonRpcRequest } from "./types.js";

/** What a request needs of its proxy: where to forward, its counters and faults, and its closing. */
export interface ProxyCore {
  readonly upstream: URL;
  readonly upstreamTimeoutMs: number;
  readonly closing: AbortController;
  /**
   * Wakes the requests waiting (a hang, a delay) when the proxy closes. One set for all: each waiter removes
   * itself when its request ends, so none is left behind and no listener piles up on `closing.signal`.
   */
  readonly waiting: Set<() => void>;
  /** Counts an HTTP request, then the JSON-RPC methods it carried (none when refused). */
  countRequest(): void;
  countBatch(methods: string[]): void;
  /** The due fault for a call of `method` (advancing the rules' counts). */
  faultFor(method: string): Fault | undefined;
}

/** Waits `ms`, or until the proxy closes; the caller checks `closing.signal.aborted`. */
function pause(core: ProxyCore, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (core.closing.signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      core.waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    core.waiting.add(done);
  });
}

async function forward(core: ProxyCore, path: string, body: string): Promise<Upstream> {
  const response = await fetch(forwardUrl(core.upstream, path), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    signal: AbortSignal.any([core.closing.signal, AbortSignal.timeout(core.upstreamTimeoutMs)]),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "application/json",
    text: await response.text(),
  };
}

/** Answers `res` unless it already ended. @internal */
export function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
}

/** Forwards, or answers 502/504 itself when the upstream cannot be had (returns undefined then). */
async function forwardOrFail(
  core: ProxyCore,
  res: ServerResponse,
  path: string,
  body: string,
  calls: readonly JsonRpcRequest[],
  batch: boolean,
): Promise<Upstream | undefined> {
  try {
    return await forward(core, path, body);
  } catch (error) {
    if (core.closing.signal.aborted) return undefined;
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const message = timedOut
      ? `fault proxy: no answer from the upstream within ${core.upstreamTimeoutMs} ms`
      : "fault proxy: the upstream is unreachable";
    send(res, timedOut ? 504 : 502, errorAnswers(calls, batch, -32603, message));
    return undefined;
  }
}

/** A request as the proxy reads it: the exchange, its path and body, and its calls. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  text: string;
  calls: readonly JsonRpcRequest[];
  batch: boolean;
}

function sendStatus(
  { res, calls, batch }: Exchange,
  fault: { status: number; retryAfter?: string | number; body?: string },
) {
  const body = fault.body ?? errorAnswers(calls, batch, -32000, `fault proxy: HTTP ${fault.status}`);
  const headers = { "content-type": isJson(body) ? "application/json" : "text/plain; charset=utf-8" };
  if (fault.retryAfter !== undefined) Object.assign(headers, { "retry-after": String(fault.retryAfter) });
  send(res, fault.status, body, headers);
}

/** Answers with an HTTP-level fault: a status, a hang, or a forward whose answer is lost or replaced. */
async function answerHttpFault(core: ProxyCore, exchange: Exchange, fault: Fault): Promise<void> {
  const { req, res, path, text } = exchange;
  switch (fault.kind) {
    case "status":
      sendStatus(exchange, fault);
      return;
    case "hang":
      if (fault.forward) await forward(core, path, text).catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (core.closing.signal.aborted || res.destroyed) return resolve();
        const done = () => {
          core.waiting.delete(done);
          res.off("close", done);
          resolve();
        };
        core.waiting.add(done);
        res.once("close", done);
      });
      res.destroy();
      return;
    case "forward-then-close":
      await forward(core, path, text).catch(() => undefined);
      res.destroy();
      req.socket.destroy();
      return;
    case "forward-then-status":
      await forward(core, path, text).catch(() => undefined);
      sendStatus(exchange, fault);
      return;
  }
}

/**
 * Per-entry faults: forwards the calls that need the upstream (in one request, in the request's shape), answers
 * the others here, and puts the answers back in order.
 */
async function answerPerEntry(
  core: ProxyCore,
  exchange: Exchange,
  faults: readonly (Fault | undefined)[],
): Promise<void> {
  const { res, path, calls, batch } = exchange;
  const forwarded = calls.flatMap((call, index) =>
    LOCAL.has(faults[index]?.kind as FaultKind) ? [] : [{ call, index }],
  );
  let upstreamAnswers = new Map<number, unknown>();
  let status = 200;
  if (forwarded.length > 0) {
    const body = JSON.stringify(batch ? forwarded.map(({ call }) => call) : forwarded[0]!.call);
    const answer = await forwardOrFail(core, res, path, body, calls, batch);
    if (!answer) return;
    status = answer.status;
    upstreamAnswers = matchUpstreamAnswers(forwarded, answer.text);
  }
  const answers = calls.map((call, index) => entryAnswer(call, faults[index], upstreamAnswers.get(index)));
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
    send(res, 500, errorAnswers(calls, batch, -32603, `fault proxy: cannot serialize the answer: ${reason}`));
    return;
  }
  send(res, status, body);
}

/** Answers one request (see the file comment). @internal */
export async function handleRequest(
  core: ProxyCore,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const text = await readBody(req);
  core.countRequest();
  const path = req.url ?? "/";
  if (text === "too-large") {
    core.countBatch([]);
    send(res, 413, JSON.stringify({ jsonrpc: "2.0", id: null, error: { ...INVALID_REQUEST_ERROR } }));
    req.socket.destroy();
    return;
  }
  if (req.method !== "POST") {
    core.countBatch([]);
    send(
      res,
      405,
      JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Use POST" } }),
      {
        allow: "POST",
      },
    );
    return;
  }
  const parsed = parseJsonRpcBody(text);
  if (!parsed.ok) {
    core.countBatch([]);
    send(res, parsed.status, JSON.stringify(parsed.body));
    return;
  }
  const { calls, batch } = parsed;
  core.countBatch(calls.map((call) => call.method));
  const faults = calls.map((call) => core.faultFor(call.method));
  const exchange: Exchange = { req, res, path, text, calls, batch };

  const delay = Math.max(0, ...faults.map((fault) => (fault?.kind === "delay" ? fault.ms : 0)));
  if (delay > 0) await pause(core, delay);
  if (core.closing.signal.aborted) return;

  const httpLevel = faults.find((fault) => fault !== undefined && HTTP_LEVEL.has(fault.kind));
  if (httpLevel) return answerHttpFault(core, exchange, httpLevel);
  if (faults.some((fault) => fault !== undefined && fault.kind !== "delay"))
    return answerPerEntry(core, exchange, faults);
  const answer = await forwardOrFail(core, res, path, text, calls, batch);
  if (answer) send(res, answer.status, answer.text, { "content-type": answer.contentType });
}
