// Errors and bounds over stdio with the built binary: an unknown hash is TRANSACTION_NOT_FOUND, a failing RPC
// is RPC_ERROR in every tool (execute_prepared_flow included), and an RPC that never answers still gets a
// tool result before the answer bound. Faults come from the devnet's fault-injecting JSON-RPC proxy.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { data, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const UNKNOWN = `0x${"ab".repeat(32)}`;
const BOUND_MS = 3_000;
const nonceOf = () => reader.getTransactionCount({ address: signer, blockTag: "pending" });

let proxy: FaultProxy;
let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "5");
  await devnet.fund(signer, "USDm", "50");
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  server = await spawnServer({
    RPC_URL: proxy.url,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: key,
    PREFLOW_TOOL_TIMEOUT_MS: String(BOUND_MS),
  });
});
afterEach(() => proxy.clearFaults());
afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

describe("unknown hash", () => {
  it("is TRANSACTION_NOT_FOUND for get_transaction, check_attribution_tag and verify_attribution_tag", async () => {
    for (const [tool, args] of [
      ["get_transaction", { hash: UNKNOWN }],
      ["check_attribution_tag", { hash: UNKNOWN, tag: "x" }],
      ["verify_attribution_tag", { hash: UNKNOWN }],
    ] as const) {
      const error = toolError(await server.call(tool, args));
      expect({ tool, code: error.code }).toEqual({ tool, code: "TRANSACTION_NOT_FOUND" });
      expect(error.message).toContain(UNKNOWN);
    }
  });
});

describe("a failing RPC", () => {
  it("is RPC_ERROR in every tool, execute_prepared_flow included, and nothing is sent", async () => {
    const flow = data(await server.call("prepare_send", { to: recipient, token: "USDm", amount: "1" }));
    const nonce = await nonceOf();
    proxy.inject({ method: "*", fault: { kind: "status", status: 503 } });
    const calls = [
      ["get_transaction", { hash: UNKNOWN }],
      ["check_attribution_tag", { hash: UNKNOWN }],
      ["verify_attribution_tag", { hash: UNKNOWN }],
      ["get_balances", { tokens: ["USDm"] }],
      ["get_network_status", {}],
      ["prepare_send", { to: recipient, token: "USDm", amount: "1" }],
      ["execute_prepared_flow", { flow }],
      ["send_token", { to: recipient, token: "USDm", amount: "1" }],
    ] as const;
    for (const [tool, args] of calls) {
      const result = await server.call(tool, args);
      expect({ tool, code: toolError(result).code }).toEqual({ tool, code: "RPC_ERROR" });
    }
    // A JSON-RPC error answer from the node is an RPC failure too.
    proxy.clearFaults();
    proxy.inject({
      method: "eth_getTransactionByHash",
      fault: { kind: "error", code: -32603, message: "internal error" },
    });
    for (const tool of ["get_transaction", "check_attribution_tag", "verify_attribution_tag"]) {
      expect({ tool, code: toolError(await server.call(tool, { hash: UNKNOWN })).code }).toEqual({
        tool,
        code: "RPC_ERROR",
      });
    }
    proxy.clearFaults();
    expect(await nonceOf()).toBe(nonce);
  });
});

describe("an RPC that never answers", () => {
  it("gives every tool a result before the answer bound, and sends nothing", async () => {
    const flow = data(await server.call("prepare_send", { to: recipient, token: "USDm", amount: "1" }));
    const nonce = await nonceOf();
    proxy.inject({ method: "*", fault: { kind: "hang" } });
    for (const [tool, args] of [
      ["get_balances", { tokens: ["USDm"] }],
      ["get_transaction", { hash: UNKNOWN }],
      ["check_attribution_tag", { hash: UNKNOWN }],
      ["execute_prepared_flow", { flow }],
      ["send_token", { to: recipient, token: "USDm", amount: "1" }],
    ] as const) {
      const started = Date.now();
      const result = await server.call(tool, args, { timeout: 30_000 });
      const elapsed = Date.now() - started;
      expect({ tool, within: elapsed < BOUND_MS }).toEqual({ tool, within: true });
      if (result.isError) expect(["TOOL_TIMEOUT", "RPC_ERROR"]).toContain(toolError(result).code);
      else expect((result.structuredContent as { status: string }).status).toBe("pending");
    }
    proxy.clearFaults();
    expect(await nonceOf()).toBe(nonce);
  });
});
