// Every "execute again" and "do not execute again" a result gives is what the next call does (issue 30): each
// headline's advice is followed here, over stdio with the built binary, on the devnet behind its fault proxy.
// (Sending the same signed bytes again after an unacknowledged send: continuation.test.ts; after a restart, and
// a nonce taken by another transaction: money.test.ts; "pass force: true to send again": execution.test.ts.)
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type Execution, type SpawnedServer, spawnServer, text } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const nonceOf = () => reader.getTransactionCount({ address: signer, blockTag: "pending" });

let proxy: FaultProxy;
let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "5");
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  server = await spawnServer({
    RPC_URL: proxy.url,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: key,
    PREFLOW_RECEIPT_TIMEOUT_MS: "1500",
  });
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

describe("the advice of a result is what the next call does", () => {
  it('a node that refuses step 0 ("txpool is full"): "execute the flow again to continue from step 0" sends it, once', async () => {
    const to = someone();
    const refusal = proxy.inject({
      method: "eth_sendRawTransaction",
      fault: { kind: "error", code: -32000, message: "txpool is full" },
    });
    const start = await nonceOf();
    const first = await server.call("send_token", { to, token: "CELO", amount: "0.01" });
    expect(first.isError).toBe(true);
    expect(data<Execution>({ ...first, isError: false })).toMatchObject({
      status: "failed",
      steps: [{ status: "failed", sent: false }],
    });
    expect(text(first)).toMatch(/Execute the flow again \(without force\) to continue from step 0/);
    expect(await nonceOf()).toBe(start);
    refusal.remove();
    const again = data<Execution>(await server.call("send_token", { to, token: "CELO", amount: "0.01" }));
    expect(again).toMatchObject({ status: "success", replayed: false });
    expect(await nonceOf()).toBe(start + 1);
    expect(await reader.getBalance({ address: to })).toBe(parseEther("0.01"));
    // And now it is the replay, nothing sent.
    const third = await server.call("send_token", { to, token: "CELO", amount: "0.01" });
    expect(data<Execution>(third)).toMatchObject({ status: "success", replayed: true });
    expect(text(third)).toMatch(/pass force: true to send again/);
    expect(await nonceOf()).toBe(start + 1);
  });

  it("force: true after a step landed and the next was refused sends only the step not on chain", async () => {
    const [x, y] = [someone(), someone()];
    const a = data<{ steps: unknown[] }>(
      await server.call("prepare_send", { to: x, token: "CELO", amount: "0.03" }),
    );
    const b = data<{ steps: unknown[] }>(
      await server.call("prepare_send", { to: y, token: "CELO", amount: "0.04" }),
    );
    const flow = { ...a, summary: "0.03 CELO then 0.04 CELO", steps: [...a.steps, ...b.steps] };
    const refusal = proxy.inject({
      method: "eth_sendRawTransaction",
      nth: 2,
      fault: { kind: "error", code: -32000, message: "txpool is full" },
    });
    const start = await nonceOf();
    const first = await server.call("execute_prepared_flow", { flow });
    expect(data<Execution>({ ...first, isError: false })).toMatchObject({
      status: "failed",
      failed_step: 1,
      steps: [{ status: "success" }, { status: "failed", sent: false }],
    });
    expect(await nonceOf()).toBe(start + 1);
    refusal.remove();
    const forced = data<Execution>(await server.call("execute_prepared_flow", { flow, force: true }));
    expect(forced).toMatchObject({
      status: "success",
      steps: [{ status: "success" }, { status: "success" }],
    });
    expect(forced.steps[0]?.hash).toBe(data<Execution>({ ...first, isError: false }).steps[0]?.hash);
    expect(await nonceOf()).toBe(start + 2);
    expect(await reader.getBalance({ address: x })).toBe(parseEther("0.03"));
    expect(await reader.getBalance({ address: y })).toBe(parseEther("0.04"));
  });

  it('a step sent whose receipt has not come: "do not execute it again"; executing again sends nothing and settles it', async () => {
    const to = someone();
    const noReceipt = proxy.inject({
      method: "eth_getTransactionReceipt",
      fault: { kind: "result", result: null },
    });
    const start = await nonceOf();
    const first = await server.call("send_token", { to, token: "CELO", amount: "0.02" });
    expect(data<Execution>(first)).toMatchObject({
      status: "pending",
      steps: [{ status: "pending", sent: true }],
    });
    expect(text(first)).toMatch(/do not execute it again/);
    const again = await server.call("send_token", { to, token: "CELO", amount: "0.02" });
    expect(data<Execution>(again)).toMatchObject({ replayed: true, status: "pending" });
    expect(await nonceOf()).toBe(start + 1);
    noReceipt.remove();
    const settled = data<Execution>(await server.call("send_token", { to, token: "CELO", amount: "0.02" }));
    expect(settled).toMatchObject({ replayed: true, status: "success" });
    expect(await nonceOf()).toBe(start + 1);
    expect(await reader.getBalance({ address: to })).toBe(parseEther("0.02"));
  });
});
