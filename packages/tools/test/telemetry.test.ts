// Telemetry from the tool server, against a real local HTTP sink: reads are tracked with the signer as the
// user, execution is never tracked, queued events are flushed when the client closes the server, and no
// event carries the key, the RPC URL, calldata or an amount.
import { createServer, type Server } from "node:http";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const bodies: string[] = [];
let sink: Server;
let sinkUrl: string;

beforeAll(async () => {
  sink = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"code":200}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const address = sink.address();
  sinkUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/2/httpapi`;
});

afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

describe("tool server telemetry", () => {
  it("tracks reads for the signer, not executions, and flushes when closed", async () => {
    const key = generatePrivateKey();
    const signer = privateKeyToAccount(key).address;
    await devnet.fund(signer, "CELO", "2");
    await devnet.fund(signer, "USDm", "10");
    const server = await spawnServer({
      RPC_URL: devnet.rpcUrl,
      CHAIN_PRIVATE_KEY: key,
      PREFLOW_TELEMETRY_ENDPOINT: sinkUrl,
      PREFLOW_ANALYTICS_DEVICE_ID: "tools_test",
    });
    const balances = await server.call("get_balances", { tokens: ["USDm"] });
    expect(balances.isError).toBeFalsy();
    const sent = await server.call("send_token", { to: signer, token: "USDm", amount: "1.234567" });
    expect(sent.isError).toBeFalsy();
    expect(bodies).toHaveLength(0); // batched, not sent per call
    await server.close();
    // The binary flushes on the way out; give the request a moment to land.
    for (let i = 0; i < 100 && bodies.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(bodies.length).toBeGreaterThan(0);
    const events = bodies.flatMap((b) => (JSON.parse(b) as { events: Record<string, unknown>[] }).events);
    const types = events.map((e) => e.event_type);
    expect(types).toContain("token.getBalances");
    expect(types.some((t) => String(t).startsWith("transaction.") || String(t).includes("execute"))).toBe(
      false,
    );
    for (const event of events) {
      expect(event.user_id).toBe(signer.toLowerCase());
      expect(event.device_id).toBe("tools_test");
    }
    const all = bodies.join("\n");
    expect(all).not.toContain(key.slice(2));
    expect(all).not.toContain(devnet.rpcUrl);
    expect(all).not.toContain("1.234567"); // the amount (durations have at most 3 decimals, so no false match)
    expect(all).not.toMatch(/0xa9059cbb/);
  });
});
