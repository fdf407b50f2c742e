import { AsyncLocalStorage } from "node:async_hooks";
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

/**
 * The sponsor's paymasters: @pimlico/mock-paymaster 0.0.7's singleton paymasters for EntryPoint 0.6, 0.7 and 0.8,
 * placed by CREATE2 for its fixed signer (key 0xbb…bb, address 0x88f9B82462f6C4bf4a0Fb15e5c3971559a316e7f).
 * alto is started with them in `--ignored-paymasters` (see startDevnet).
 */
export const SPONSOR_PAYMASTER_ADDRESSES = [
  "0x20a2ED5AAdc0d87488dbc238A5Eb83A6955BD598",
  "0x38aef040CEB057B62E1598F5C265946A4E4BaB4C",
  "0xe276558647476dC0f409B25a1AFCbCed730128D9",
] as const;

type PaymasterInstance = { start(): Promise<unknown>; stop(): Promise<unknown> };

// @pimlico/mock-paymaster 0.0.7 (relay.js) prints every request it fails with
// `console.log("JSON.stringify(err): " + util.inspect(err))`: a UserOperation that reverts in simulation (which
// tests provoke on purpose) puts a multi-line viem error dump into the test or CI log. The caller receives the
// same error as the JSON-RPC answer, so that dump is dropped unless the devnet is verbose (`verbose: true` or
// `DEVNET_VERBOSE=1`). The mock paymaster listens inside `paymasterLog.run`, so the requests it serves carry their
// endpoint's setting (an AsyncLocalStorage store follows a listening socket into its requests); any other
// console output, of this process or of the mock paymaster, passes unchanged.
const MOCK_PAYMASTER_ERROR_DUMP = "JSON.stringify(err): ";
const paymasterLog = new AsyncLocalStorage<{ readonly verbose: boolean }>();
let errorDumpFilterInstalled = false;

function installErrorDumpFilter(): void {
  if (errorDumpFilterInstalled) return;
  errorDumpFilterInstalled = true;
  const log = console.log;
  console.log = (...args: unknown[]) => {
    const quiet = paymasterLog.getStore()?.verbose === false;
    if (quiet && typeof args[0] === "string" && args[0].startsWith(MOCK_PAYMASTER_ERROR_DUMP)) return;
    log.apply(console, args);
  };
}

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
  /** The front's port (the mock paymaster behind it takes a free one); free when omitted. */
  port?: number;
  /** Let the mock paymaster's error dumps through (see above); default false. */
  verbose?: boolean;
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
  const [paymasterPort, frontPort] = await Promise.all([freePort(), options.port ?? freePort()]);
  const paymasterUrl = `http://127.0.0.1:${paymasterPort}`;
  const instance = paymaster({
    anvilRpc: options.anvilUrl,
    altoRpc: options.altoUrl,
    port: paymasterPort,
    host: "127.0.0.1",
  }) as unknown as PaymasterInstance;
  installErrorDumpFilter();
  await paymasterLog.run({ verbose: options.verbose ?? false }, () => instance.start());
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
  await new Promise<void>((resolve, reject) => {
    frontServer.once("error", reject);
    frontServer.listen(frontPort, "127.0.0.1", () => {
      frontServer.off("error", reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await instance.stop();
    throw error;
  });
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
