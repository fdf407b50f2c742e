import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A local HTTP proxy in front of a JSON-RPC endpoint that counts what passes through (no mocking). */
export interface CountingProxy {
  /** The proxy's URL, to use as `rpcUrl`. */
  readonly url: string;
  /** HTTP requests received since the last reset. */
  readonly requests: number;
  /** JSON-RPC methods received since the last reset, one array per HTTP request. */
  readonly batches: string[][];
  reset(): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

/**
 * Starts a counting proxy on 127.0.0.1 forwarding every request to `target`. With `respond`, answers
 * itself instead (a local stand-in endpoint, e.g. one that serves another chain or fails).
 */
export async function startCountingProxy(
  target: string | undefined,
  respond?: (body: unknown, res: ServerResponse) => void,
): Promise<CountingProxy> {
  let requests = 0;
  let batches: string[][] = [];
  const server = createServer(async (req, res) => {
    requests++;
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const calls = Array.isArray(body) ? body : [body];
    batches.push(calls.map((call) => String((call as { method?: unknown } | undefined)?.method)));
    if (respond) return respond(body, res);
    try {
      const upstream = await fetch(target!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      });
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(await upstream.text());
    } catch (error) {
      res.writeHead(502);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    get requests() {
      return requests;
    },
    get batches() {
      return batches;
    },
    reset() {
      requests = 0;
      batches = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers a JSON-RPC body (single or batch) with `answer(method)` for each call. */
export function jsonRpcResponder(answer: (method: string) => { result?: unknown; error?: unknown }) {
  return (body: unknown, res: ServerResponse) => {
    const one = (call: unknown) => {
      const { id, method } = call as { id: number; method: string };
      return { jsonrpc: "2.0", id, ...answer(method) };
    };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)));
  };
}
