// A pending execution settles, and a flow whose sent steps all succeeded is continued (issue 25): over stdio with
// the built binary, the devnet behind its fault-injecting proxy. Receipts are answered `null` while the first
// execution runs (PREFLOW_RECEIPT_TIMEOUT_MS small, so it answers `pending`); once the proxy heals,
// get_flow_status reads step 1 from the chain, and executing the flow again sends only step 2 (nonce + 1).
// "Sent" counts only what the node acknowledged: step 2's send answered 503 forever is not "sent".
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type Execution, type SpawnedServer, spawnServer, text } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const nonceOf = (owner: Address) => reader.getTransactionCount({ address: owner, blockTag: "pending" });

interface Status extends Execution {
  steps: (Execution["steps"][number] & {
    block_number?: string;
    sent?: boolean | "unknown";
    code?: string;
  })[];
}

let proxy: FaultProxy;
let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "10");
  await devnet.fund(signer, "USDm", "1000");
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

/** A two-step flow from the signer: 5 USDm, then 0.01 CELO, to `to`. */
async function twoSteps(to: Address): Promise<Record<string, unknown>> {
  const first = data<{ steps: unknown[] }>(
    await server.call("prepare_send", { to, token: "USDm", amount: "5" }),
  );
  const second = data<{ steps: unknown[] }>(
    await server.call("prepare_send", { to, token: "CELO", amount: "0.01" }),
  );
  return { ...first, summary: "5 USDm then 0.01 CELO", steps: [...first.steps, ...second.steps] };
}

describe("a pending execution settles and is continued", () => {
  it("get_flow_status reads step 1 as success once mined; executing again sends only step 2 (nonce + 1)", async () => {
    const to = someone();
    const flow = await twoSteps(to);
    const start = await nonceOf(signer);
    const noReceipt = proxy.inject({
      method: "eth_getTransactionReceipt",
      fault: { kind: "result", result: null },
    });
    const first = await server.call("execute_prepared_flow", { flow });
    expect(noReceipt.hits).toBeGreaterThan(0);
    const pending = data<Status>(first);
    expect(pending).toMatchObject({ status: "pending", replayed: false });
    expect(pending.steps).toMatchObject([
      { status: "pending", sent: true, code: "TRANSACTION_PENDING", nonce: start },
      { status: "skipped", hash: null },
    ]);
    expect(text(first)).toContain("1 sent");
    const hash = pending.steps[0]?.hash as `0x${string}`;
    expect((await reader.getTransactionReceipt({ hash })).status).toBe("success"); // mined meanwhile

    // While the receipt is still answered null, the status stays pending and executing again sends nothing.
    proxy.reset();
    const stillPending = await server.call("get_flow_status", { flow_id: pending.flow_id });
    expect(data<Status>(stillPending).steps[0]).toMatchObject({ status: "pending", hash });
    const replay = await server.call("execute_prepared_flow", { flow });
    expect(data<Status>(replay)).toMatchObject({ status: "pending", replayed: true });
    expect(text(replay)).toContain("do not execute it again");
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);

    // The RPC heals: the record is settled from the chain when read.
    proxy.clearFaults();
    const settledReply = await server.call("get_flow_status", { flow_id: pending.flow_id });
    const settled = data<Status>(settledReply);
    expect(settled.steps).toMatchObject([
      { index: 0, hash, status: "success", sent: true, block_number: expect.any(String) },
      { index: 1, hash: null, status: "skipped" },
    ]);
    expect(settled).toMatchObject({ completed_steps: 1, failed_step: 1 });
    expect(text(settledReply)).toMatch(/Execute the flow again \(without force\) to continue from step 1/);

    // Executing again continues: step 1 is looked up (not sent again), step 2 is sent with the next nonce.
    proxy.reset();
    const continuedReply = await server.call("execute_prepared_flow", { flow });
    const continued = data<Status>(continuedReply);
    expect(continued).toMatchObject({ status: "success", replayed: false, flow_id: pending.flow_id });
    expect(continued.steps).toMatchObject([
      { index: 0, hash, status: "success", nonce: start },
      { index: 1, status: "success", sent: true, nonce: start + 1 },
    ]);
    expect(text(continuedReply)).toMatch(
      /^Continued from step 1: .* not sent again\. All 2 step\(s\) executed/,
    );
    expect(proxy.count("eth_sendRawTransaction")).toBe(1);
    expect(await nonceOf(signer)).toBe(start + 2);
    expect(await usdm(to)).toBe(parseUnits("5", 18));
    expect(await reader.getBalance({ address: to })).toBe(parseEther("0.01"));

    // Done: a third call is the replay, nothing sent.
    proxy.reset();
    const third = data<Status>(await server.call("execute_prepared_flow", { flow }));
    expect(third).toMatchObject({ status: "success", replayed: true });
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);
    expect(server.captured().stderr).toContain(`flow ${pending.flow_id} continued from step 2/2`);
  });

  it("step 2's send answered 503 forever: 1 sent, step 2 hash known with sent unknown; once healed, executing again sends its same bytes", async () => {
    const to = someone();
    const flow = await twoSteps(to);
    const start = await nonceOf(signer);
    proxy.reset();
    proxy.inject({ method: "eth_sendRawTransaction", nth: 2, fault: { kind: "status", status: 503 } });
    try {
      const reply = await server.call("execute_prepared_flow", { flow });
      const result = data<Status>(reply);
      expect(result.status).toBe("pending");
      expect(result.steps).toMatchObject([
        { status: "success", sent: true },
        { status: "pending", sent: "unknown", code: "TRANSACTION_OUTCOME_UNKNOWN", nonce: start + 1 },
      ]);
      expect(result.steps[1]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(text(reply)).toMatch(/1 of 2 step\(s\) done, 1 sent \(and 1 whose send's answer was lost/);
      expect(text(reply)).not.toContain("2 sent");
      expect(text(reply)).toContain(
        "execute the flow again (without force) to send the same signed bytes again",
      );
      expect(JSON.stringify(reply)).not.toMatch(/signed_transaction|signedTransaction/); // bytes stay in memory
      // The node never had it: one step on chain.
      expect(await nonceOf(signer)).toBe(start + 1);
      expect(await reader.getBalance({ address: to })).toBe(0n);

      // Healed: executing again sends step 2's same signed bytes (same hash, same nonce), nothing else.
      proxy.clearFaults();
      proxy.reset();
      const again = await server.call("execute_prepared_flow", { flow });
      const continued = data<Status>(again);
      expect(continued).toMatchObject({ status: "success", replayed: false });
      expect(continued.steps).toMatchObject([
        { hash: result.steps[0]?.hash, status: "success" },
        { hash: result.steps[1]?.hash, status: "success", sent: true, nonce: start + 1 },
      ]);
      expect(text(again)).toMatch(/^Continued from step 1: .*All 2 step\(s\) executed/);
      expect(proxy.count("eth_sendRawTransaction")).toBe(1);
      expect(proxy.count("eth_fillTransaction")).toBe(0);
      expect(await nonceOf(signer)).toBe(start + 2);
      expect(await reader.getBalance({ address: to })).toBe(parseEther("0.01"));
    } finally {
      proxy.clearFaults();
    }
  });
});
