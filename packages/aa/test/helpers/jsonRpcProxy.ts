// A local HTTP proxy in front of a JSON-RPC endpoint, for tests and the bench: it counts HTTP requests and
// JSON-RPC calls, and can answer chosen calls itself (to simulate a refusing sponsor or another chain).
// It is a real server on loopback: viem and permissionless run unmodified against it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type JsonRpcCall = { jsonrpc?: string; id?: unknown; method: string; params?: unknown };
export type Intercept = (call: JsonRpcCall) => { status?: number; body: unknown } | undefined;

export interface JsonRpcProxy {
  /** `http://127.0.0.1:<port>`: append the target's path and query yourself (the proxy forwards both). */
  readonly url: string;
  /** HTTP requests received. */
  httpRequests: number;
  /** JSON-RPC methods received, in order (batches flattened). */
  readonly methods: string[];
  reset(): void;
  close(): Promise<void>;
}

export async function startJsonRpcProxy(target: string, intercept?: Intercept): Promise<JsonRpcProxy> {
  const base = new URL(target);
  const state = { httpRequests: 0, methods: [] as string[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      state.httpRequests++;
      const raw = Buffer.concat(chunks).toString("utf8");
      let payload: JsonRpcCall | JsonRpcCall[];
      try {
        payload = JSON.parse(raw) as JsonRpcCall | JsonRpcCall[];
      } catch {
        res.writeHead(400).end();
        return;
      }
      const calls = Array.isArray(payload) ? payload : [payload];
      for (const call of calls) state.methods.push(call.method);
      const incoming = new URL(req.url ?? "/", "http://127.0.0.1");
      const forwardUrl = new URL(base.toString());
      if (incoming.pathname !== "/") forwardUrl.pathname = incoming.pathname;
      if (incoming.search) forwardUrl.search = incoming.search;
      const answers = intercept ? calls.map((call) => intercept(call)) : [];
      if (answers.some((answer) => answer !== undefined)) {
        // Answer the intercepted calls here, forward the others one by one, reply in the payload's shape.
        void Promise.all(
          calls.map(async (call, index) => {
            const answer = answers[index];
            if (answer) return answer;
            const response = await fetch(forwardUrl, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(call),
            });
            return { status: response.status, body: (await response.json()) as unknown };
          }),
        ).then(
          (replies) => {
            const status = Array.isArray(payload) ? 200 : (replies[0]?.status ?? 200);
            res.writeHead(status, { "content-type": "application/json" });
            res.end(
              JSON.stringify(Array.isArray(payload) ? replies.map((reply) => reply.body) : replies[0]?.body),
            );
          },
          () => res.writeHead(502).end(),
        );
        return;
      }
      fetch(forwardUrl, { method: "POST", headers: { "content-type": "application/json" }, body: raw }).then(
        async (response) => {
          const text = await response.text();
          res.writeHead(response.status, { "content-type": "application/json" });
          res.end(text);
        },
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get httpRequests() {
      return state.httpRequests;
    },
    set httpRequests(value: number) {
      state.httpRequests = value;
    },
    methods: state.methods,
    reset() {
      state.httpRequests = 0;
      state.methods.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nothing listening on it (a server is started and closed). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
