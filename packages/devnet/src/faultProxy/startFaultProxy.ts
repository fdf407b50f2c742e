// A fault-injecting JSON-RPC proxy for tests: a real HTTP server on 127.0.0.1 in front of a JSON-RPC endpoint
// (the devnet's RPC, bundler or sponsor endpoint). It forwards everything unchanged and counts what passes,
// until a test injects a fault: lose the answer after forwarding, answer an HTTP status (with Retry-After),
// hang, replace or rewrite a result, answer a static result or a JSON-RPC error, or delay. viem and
// permissionless run unmodified against it.
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { handleRequest, type ProxyCore, send } from "./handleRequest.js";
import { checkRule, dueFault, type Rule } from "./rules.js";
import type { FaultProxy, FaultProxyOptions } from "./types.js";

/** The options checked: the upstream's URL and its timeout. */
function checkOptions(options: FaultProxyOptions): { upstream: URL; upstreamTimeoutMs: number } {
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
  return { upstream, upstreamTimeoutMs };
}

/** Listens on 127.0.0.1 at a free port; resolves the port. */
async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
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
  const { upstream, upstreamTimeoutMs } = checkOptions(options);
  let requests = 0;
  let batches: string[][] = [];
  let rules: Rule[] = [];
  const core: ProxyCore = {
    upstream,
    upstreamTimeoutMs,
    closing: new AbortController(),
    waiting: new Set<() => void>(),
    countRequest: () => void requests++,
    countBatch: (methods) => void batches.push(methods),
    faultFor: (method) => dueFault(rules, method),
  };
  const inFlight = new Set<Promise<void>>();
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const task = handleRequest(core, req, res)
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
  const port = await listen(server);

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
        core.closing.abort();
        for (const wake of [...core.waiting]) wake();
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
