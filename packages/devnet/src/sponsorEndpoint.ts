import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { freePort, waitFor } from "./rpc.js";

/** The JSON-RPC error the sponsor endpoint answers when `apikey` is missing or wrong. */
export const INVALID_API_KEY_ERROR = {
  code: -32001,
  message: "Unauthorized: invalid or missing apikey",
} as const;

/** A running sponsor endpoint. */
export interface SponsorEndpoint {
  /** `http://127.0.0.1:<port>`; the chain's endpoint is `${baseUrl}/v2/42220/rpc?apikey=${apiKey}`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  stop(): Promise<void>;
}

type PaymasterInstance = { start(): Promise<unknown>; stop(): Promise<unknown> };

/**
 * Starts the sponsor endpoint: `@pimlico/mock-paymaster` (which serves `pm_*` sponsorship and forwards the
 * bundler methods and `pimlico_getUserOperationGasPrice` to alto) on a private port, behind a small HTTP
 * front that behaves like the chain's sponsorship service: one JSON-RPC endpoint per chain at
 * `/v2/42220/rpc`, authorized by the `apikey` query parameter. A missing or wrong key gets HTTP 401 with a
 * JSON-RPC error, and nothing is forwarded. JSON-RPC batches are split into single calls (the mock paymaster
 * takes one call per request).
 */
export async function startSponsorEndpoint(options: {
  anvilUrl: string;
  altoUrl: string;
  apiKey?: string;
}): Promise<SponsorEndpoint> {
  // prool 0.0.25 (the mock paymaster's peer) calls Promise.withResolvers, which Node 20 lacks.
  const promiseCtor = Promise as unknown as { withResolvers?: unknown };
  if (!promiseCtor.withResolvers) {
    promiseCtor.withResolvers = function withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    };
  }
  const { paymaster } = await import("@pimlico/mock-paymaster");
  const [paymasterPort, frontPort] = await Promise.all([freePort(), freePort()]);
  const paymasterUrl = `http://127.0.0.1:${paymasterPort}`;
  const instance = paymaster({
    anvilRpc: options.anvilUrl,
    altoRpc: options.altoUrl,
    port: paymasterPort,
    host: "127.0.0.1",
  }) as unknown as PaymasterInstance;
  await instance.start();
  await waitFor("the mock paymaster", async () => (await fetch(`${paymasterUrl}/ping`)).ok);

  const apiKey = options.apiKey ?? `devnet_${randomBytes(12).toString("hex")}`;
  const server = createServer((req, res) => {
    void handle(req).then(
      ({ status, body }) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: String(error) } }),
        );
      },
    );
  });

  async function handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      return {
        status: 400,
        body: { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } },
      };
    }
    const idOf = (p: unknown) => (p && typeof p === "object" && "id" in p ? (p as { id: unknown }).id : null);
    if (req.method !== "POST" || url.pathname !== "/v2/42220/rpc") {
      return {
        status: 404,
        body: {
          jsonrpc: "2.0",
          id: idOf(payload),
          error: { code: -32601, message: `Not found: ${url.pathname}` },
        },
      };
    }
    if (url.searchParams.get("apikey") !== apiKey) {
      const error = { jsonrpc: "2.0", id: null as unknown, error: INVALID_API_KEY_ERROR };
      return {
        status: 401,
        body: Array.isArray(payload)
          ? payload.map((p) => ({ ...error, id: idOf(p) }))
          : { ...error, id: idOf(payload) },
      };
    }
    const forward = async (call: unknown) => {
      const response = await fetch(paymasterUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(call),
      });
      return (await response.json()) as unknown;
    };
    if (Array.isArray(payload)) return { status: 200, body: await Promise.all(payload.map(forward)) };
    return { status: 200, body: await forward(payload) };
  }

  const frontServer: Server = server;
  await new Promise<void>((resolve) => frontServer.listen(frontPort, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${frontPort}`,
    apiKey,
    async stop() {
      frontServer.closeAllConnections();
      await new Promise<void>((resolve) => frontServer.close(() => resolve()));
      await instance.stop();
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
