import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the sink answers: a status code, or `hang` (never answer). */
export type SinkReply = number | "hang";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: { api_key: string; events: Record<string, unknown>[]; options?: Record<string, unknown> };
}

export interface Sink {
  url: string;
  requests: ReceivedRequest[];
  /** Replies in order; the last one repeats. */
  replies: SinkReply[];
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every POST and answers as told. */
export async function startSink(replies: SinkReply[] = [200]): Promise<Sink> {
  const requests: ReceivedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sink = { replies } as Sink;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      let body: ReceivedRequest["body"];
      try {
        body = JSON.parse(raw);
      } catch {
        body = { api_key: "", events: [] };
      }
      const reply = sink.replies[Math.min(requests.length, sink.replies.length - 1)] ?? 200;
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, raw, body });
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve();
      if (reply === "hang") return;
      res.writeHead(reply, { "content-type": "application/json" });
      res.end(reply === 200 ? '{"code":200}' : '{"code":0}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  sink.url = `http://127.0.0.1:${port}/2/httpapi`;
  sink.requests = requests;
  sink.waitForRequests = (count, timeoutMs = 5_000) =>
    new Promise<void>((resolve, reject) => {
      if (requests.length >= count) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`sink got ${requests.length} of ${count} requests`)),
        timeoutMs,
      );
      waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  sink.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return sink;
}

/** A URL on 127.0.0.1 where nothing listens: connections are refused. */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/2/httpapi`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const ADDRESS = "0x00000000000000000000000000000000000000AA";
export const OTHER_ADDRESS = "0xBbBBbbbbBbBbBbbBbBbbbbBBBBbBbBBBbbbbbBbB";
