// The write-ahead record vetoes the broadcast (issue 30's last gap), over stdio with the built binary on the devnet:
// the server's RPC goes through the devnet's fault proxy, which holds the step's fill request back for a moment;
// meanwhile the test takes an exclusive lock on the server's SQLite store (after the policy check and the store
// writes before signing, before the signature). The server signs the step, cannot write its signed bytes (the lock
// outlasts the 5 s busy timeout), and must not broadcast it: the call refuses with STORE_UNAVAILABLE naming the file,
// nothing reaches the node and the signer's nonce is unchanged. Once the lock is gone, calling again sends the step.
import { join } from "node:path";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import Database from "better-sqlite3";
import { type Address, createPublicClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type Execution, spawnServer, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const nonceOf = (owner: Address) => reader.getTransactionCount({ address: owner, blockTag: "pending" });

/** Polls `done` every 20 ms, at most `ms`; returns whether it held. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy?.close());

describe("a store that becomes unwritable between the policy check and the signature", () => {
  it("the signed step is not broadcast: STORE_UNAVAILABLE naming the file, nonce unchanged; calling again sends it", async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    await devnet.fund(address, "CELO", "10");
    const server = await spawnServer({
      RPC_URL: proxy.url,
      DO_NOT_TRACK: "1",
      CHAIN_PRIVATE_KEY: key,
    });
    const file = join(server.stateDir, "preflow-tools.sqlite");
    const holder = new Database(file);
    try {
      // A first send: the store exists; which request fills a step (the last one before the send) is seen.
      proxy.reset();
      expect(
        data<Execution>(await server.call("send_token", { to: someone(), token: "CELO", amount: "0.001" }))
          .status,
      ).toBe("success");
      const before = proxy.methods.slice(0, proxy.methods.indexOf("eth_sendRawTransaction"));
      const fill = before.at(-1) as string;
      expect([
        "eth_fillTransaction",
        "eth_estimateGas",
        "eth_gasPrice",
        "eth_maxPriorityFeePerGas",
      ]).toContain(fill);
      const fillsPerSend = before.filter((method) => method === fill).length;
      const sendsBefore = proxy.count("eth_sendRawTransaction");

      // The next send's fill is held 1.5 s; the test locks the store as soon as the fill arrives.
      const start = await nonceOf(address);
      proxy.reset();
      proxy.inject({ method: fill, nth: fillsPerSend, times: 1, fault: { kind: "delay", ms: 1_500 } });
      const to = someone();
      const call = server.call("send_token", { to, token: "CELO", amount: "0.002" });
      expect(await until(() => proxy.count(fill) >= fillsPerSend, 30_000)).toBe(true);
      holder.exec("BEGIN EXCLUSIVE");
      // The store is let go once the server has given up writing the signed bytes (its busy timeout is 5 s).
      const gaveUp = await until(() => server.captured().stderr.includes("not broadcast"), 30_000);
      holder.exec("ROLLBACK");
      expect(gaveUp).toBe(true);
      const error = toolError(await call);
      expect(error.code).toBe("STORE_UNAVAILABLE");
      expect(error.message).toContain(file);
      expect(error.message).toMatch(
        /it stayed locked by another process for more than 5000 ms \(SQLITE_BUSY\), so step 1\/1, signed as 0x[0-9a-f]{64}, was not written before its broadcast\. Nothing was sent\. Its nonce is still free: fix the store, then call again to sign and send it anew\.$/,
      );
      // Nothing reached the node: no send, the hash unknown, the nonce free.
      expect(proxy.count("eth_sendRawTransaction")).toBe(0);
      const hash = /signed as (0x[0-9a-f]{64})/.exec(error.message)?.[1] as `0x${string}`;
      expect(await reader.request({ method: "eth_getTransactionByHash", params: [hash] })).toBeNull();
      expect(await nonceOf(address)).toBe(start);
      expect(await reader.getBalance({ address: to })).toBe(0n);

      // The advice holds: the store is fixed, calling again signs the step anew and sends it.
      const again = data<Execution>(await server.call("send_token", { to, token: "CELO", amount: "0.002" }));
      expect(again.status).toBe("success");
      expect(await nonceOf(address)).toBe(start + 1);
      expect(await reader.getBalance({ address: to })).toBe(parseEther("0.002"));
      expect(sendsBefore).toBe(1);
    } finally {
      if (holder.inTransaction) holder.exec("ROLLBACK");
      holder.close();
      await server.close();
    }
  });
});
