// The write-ahead record vetoes the broadcast (issue 30's last gap), over stdio with the built binary on the devnet:
// the server's RPC goes through the devnet's fault proxy, which holds the step's fill request back for a moment;
// meanwhile the test locks the server's store (after the policy check and the store writes before signing, before
// the signature): SQLite, an exclusive lock on the file past its 5 s busy timeout (the write fails, SQLITE_BUSY);
// PostgreSQL, an exclusive lock on the executions table (the write hangs past the hook's 10 s bound). The server
// signs the step, cannot write its signed bytes, and must not broadcast it: the call refuses with STORE_UNAVAILABLE,
// nothing reaches the node and the signer's nonce is unchanged. Once the lock is gone, calling again sends the step.
import { join } from "node:path";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { type Address, createPublicClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type Execution, spawnServer, toolError } from "./helpers/spawnServer.js";
import { type RunningPostgres, startPostgres } from "./helpers/startPostgres.js";

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
let postgres: RunningPostgres;
beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await postgres?.stop();
});

/** A funded signer and its server (RPC through the proxy); `extra` adds environment variables. */
async function serverOfNewSigner(extra: Record<string, string> = {}) {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await devnet.fund(address, "CELO", "10");
  const server = await spawnServer({
    RPC_URL: proxy.url,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: key,
    ...extra,
  });
  return { address, server };
}

/**
 * Sends once (the store is made), then starts a second send whose step fill is held 1.5 s at the proxy, and calls
 * `lock` as soon as that fill arrives: after the policy check and every store write before signing.
 */
async function sendThenLockBeforeSigning(
  server: Awaited<ReturnType<typeof spawnServer>>,
  lock: () => Promise<void> | void,
) {
  proxy.clearFaults();
  proxy.reset();
  expect(
    data<Execution>(await server.call("send_token", { to: someone(), token: "CELO", amount: "0.001" }))
      .status,
  ).toBe("success");
  const before = proxy.methods.slice(0, proxy.methods.indexOf("eth_sendRawTransaction"));
  // the last request before a send fills the step (eth_fillTransaction on the devnet)
  const fill = before.at(-1) as string;
  const fillsPerSend = before.filter((method) => method === fill).length;
  proxy.reset();
  proxy.inject({ method: fill, nth: fillsPerSend, times: 1, fault: { kind: "delay", ms: 1_500 } });
  const to = someone();
  const call = server.call("send_token", { to, token: "CELO", amount: "0.002" });
  expect(await until(() => proxy.count(fill) >= fillsPerSend, 30_000)).toBe(true);
  await lock();
  return { to, call };
}

describe("a store that becomes unwritable between the policy check and the signature", () => {
  it("SQLite: the signed step is not broadcast: STORE_UNAVAILABLE naming the file, nonce unchanged; calling again sends it", async () => {
    const { address, server } = await serverOfNewSigner();
    const file = join(server.stateDir, "preflow-tools.sqlite");
    let holder: Database.Database | undefined;
    try {
      const start = (await nonceOf(address)) + 1;
      const { to, call } = await sendThenLockBeforeSigning(server, () => {
        holder = new Database(file);
        holder.exec("BEGIN EXCLUSIVE");
      });
      // The store is let go once the server has given up writing the signed bytes (its busy timeout is 5 s).
      const gaveUp = await until(() => server.captured().stderr.includes("not broadcast"), 30_000);
      holder?.exec("ROLLBACK");
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
    } finally {
      if (holder?.inTransaction) holder.exec("ROLLBACK");
      holder?.close();
      await server.close();
    }
  });

  it("PostgreSQL: a write that hangs past the hook's bound: not broadcast, STORE_UNAVAILABLE, nonce unchanged; calling again sends it", async () => {
    const name = `write_ahead_${Date.now()}`;
    const plain = postgres.createDatabase(name);
    // With a password (the test server trusts loopback: accepted, unused): the refusal names the database without it.
    const password = `pw-${generatePrivateKey().slice(2, 26)}`;
    const port = new URL(plain).port;
    const url = `postgres://preflow:${password}@127.0.0.1:${port}/${name}`;
    const { address, server } = await serverOfNewSigner({ PREFLOW_DATABASE_URL: url });
    const holder = new pg.Client({ connectionString: plain });
    await holder.connect();
    try {
      const start = (await nonceOf(address)) + 1;
      const { to, call } = await sendThenLockBeforeSigning(server, async () => {
        // Writes to the executions wait for this transaction (reads go on).
        await holder.query("BEGIN");
        await holder.query("LOCK TABLE executions IN EXCLUSIVE MODE");
      });
      const gaveUp = await until(() => server.captured().stderr.includes("not broadcast"), 40_000);
      await holder.query("ROLLBACK");
      expect(gaveUp).toBe(true);
      const error = toolError(await call);
      expect(error.code).toBe("STORE_UNAVAILABLE");
      // The database named as postgres://user@host:port/database; neither its password nor the URL with it.
      expect(error.message).toContain(
        `store postgres://preflow@127.0.0.1:${port}/${name} cannot be used: it did not answer in time, so step 1/1`,
      );
      for (const captured of [error.message, server.captured().stderr, ...server.captured().results]) {
        expect(captured).not.toContain(password);
        expect(captured).not.toContain(url);
      }
      expect(error.message).toMatch(
        /so step 1\/1, signed as 0x[0-9a-f]{64}, was not written before its broadcast\. Nothing was sent\./,
      );
      const hash = /signed as (0x[0-9a-f]{64})/.exec(error.message)?.[1] as `0x${string}`;
      expect(proxy.count("eth_sendRawTransaction")).toBe(0);
      expect(await reader.request({ method: "eth_getTransactionByHash", params: [hash] })).toBeNull();
      expect(await nonceOf(address)).toBe(start);

      const again = data<Execution>(await server.call("send_token", { to, token: "CELO", amount: "0.002" }));
      expect(again.status).toBe("success");
      expect(await nonceOf(address)).toBe(start + 1);
      expect(await reader.getBalance({ address: to })).toBe(parseEther("0.002"));
    } finally {
      await holder.end().catch(() => undefined);
      await server.close();
    }
  });
});
