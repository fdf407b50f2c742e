// The fault proxy's public types: JSON-RPC calls as the proxy sees them, faults, rules and the proxy itself.
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
