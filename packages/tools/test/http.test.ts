// `preflow-tools --http 127.0.0.1:0`: one server shared by several clients over Streamable HTTP at /mcp, on the
// devnet. Without the token (or with a wrong one) a request is refused 401; a Host or Origin other than the address
// served is refused 403 (DNS rebinding) before the token is even looked at; a 2026-07-28 client and a 2025 client
// (SDK 1.32.2) list the same tools; two clients sending at once share the one signer queue: their transactions land
// with consecutive nonces. The token appears in no log line.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyHttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { clockEnvironment } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../src/index.js";
import { BIN } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const token = "t0ken-for-the-http-test-0123456789abcdef";

let child: ChildProcess;
let stderr = "";
let url: URL;
const clients: { close(): Promise<void> }[] = [];

/** One raw request with exactly these headers (fetch would not let a test set Host). */
function raw(headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: "/mcp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function modernClient(name: string): Promise<Client> {
  const client = new Client(
    { name, version: "0.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

beforeAll(async () => {
  await devnet.fund(signer, "CELO", "5");
  await devnet.fund(signer, "USDm", "100");
  child = spawn(process.execPath, [BIN, "--http", "127.0.0.1:0"], {
    env: {
      PATH: process.env.PATH ?? "",
      ...clockEnvironment(),
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_PRIVATE_KEY: key,
      PREFLOW_STATE_DIR: join(mkdtempSync(join(tmpdir(), "preflow-http-")), "state"),
      PREFLOW_HTTP_TOKEN: token,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const deadline = Date.now() + 30_000;
  while (!/over HTTP at (http:\S+)/.test(stderr)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  url = new URL((/over HTTP at (http:\S+)/.exec(stderr) as RegExpExecArray)[1] as string);
});
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  expect(stderr).not.toContain(token);
  expect(stderr.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
});

describe("--http", () => {
  it("refuses without the token, with a wrong token, a wrong Host and a foreign Origin", async () => {
    const host = `127.0.0.1:${url.port}`;
    expect(await raw({ host })).toBe(401);
    expect(await raw({ host, authorization: "Bearer not-the-token-at-all-0000000000" })).toBe(401);
    expect(await raw({ host, authorization: `Bearer ${token}` })).toBe(200);
    // A rebinding page: its own name in Host, even with the right token (it could not have it, but still).
    expect(await raw({ host: `evil.example:${url.port}`, authorization: `Bearer ${token}` })).toBe(403);
    expect(await raw({ host, origin: "http://evil.example", authorization: `Bearer ${token}` })).toBe(403);
    expect(
      await raw({ host, origin: `http://localhost:${url.port}`, authorization: `Bearer ${token}` }),
    ).toBe(200);
  });

  it("a 2026-07-28 client and a 2025 client list the same tools", async () => {
    const modern = await modernClient("modern");
    expect(modern.getProtocolEra()).toBe("modern");
    const legacy = new LegacyClient({ name: "legacy", version: "0.0.0" });
    await legacy.connect(
      new LegacyHttpTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    clients.push(legacy);
    const fromModern = (await modern.listTools()).tools;
    const fromLegacy = (await legacy.listTools()).tools;
    // approve_flow is app-only (MCP Apps): listed only to clients that declare the extension (flowView.test.ts).
    expect(fromModern.map((tool) => tool.name).sort()).toEqual(
      TOOL_NAMES.filter((name) => name !== "approve_flow").sort(),
    );
    expect(fromModern).toEqual(fromLegacy);
  });

  it("two clients sending at once share one signer queue: consecutive nonces, both sent", async () => {
    const [a, b] = [await modernClient("a"), await modernClient("b")];
    const nonce = await reader.getTransactionCount({ address: signer, blockTag: "pending" });
    const send = (client: Client, to: string) =>
      client.callTool({ name: "send_token", arguments: { to, token: "USDm", amount: "1" } }) as Promise<{
        isError?: boolean;
        structuredContent: { status: string; steps: { nonce?: number }[] };
      }>;
    const [one, two] = await Promise.all([
      send(a, privateKeyToAccount(generatePrivateKey()).address),
      send(b, privateKeyToAccount(generatePrivateKey()).address),
    ]);
    expect(one.isError ?? false).toBe(false);
    expect(two.isError ?? false).toBe(false);
    expect([one.structuredContent.status, two.structuredContent.status]).toEqual(["success", "success"]);
    const nonces = [one, two].map((result) => result.structuredContent.steps[0]?.nonce).sort();
    expect(nonces).toEqual([nonce, nonce + 1]);
    expect(await reader.getTransactionCount({ address: signer, blockTag: "pending" })).toBe(nonce + 2);
  });
});
