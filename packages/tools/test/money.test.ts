// Money that survives (issue 30), over stdio with the built binary on the devnet: two servers of one key sharing a
// state directory (SQLite) or a PostgreSQL database; servers killed (SIGKILL) at each point of an execution and
// started again; a corrupt or locked store. Each test has its own key, so nonces are its own.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import Database from "better-sqlite3";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hash,
  http,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresRecords } from "./helpers/readPostgres.js";
import { storedRecords } from "./helpers/readStore.js";
import {
  data,
  type Execution,
  type SpawnedServer,
  spawnServer,
  text,
  toolError,
} from "./helpers/spawnServer.js";
import { type RunningPostgres, startPostgres } from "./helpers/startPostgres.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const nonceOf = (owner: Address) => reader.getTransactionCount({ address: owner, blockTag: "pending" });
const freshDir = (name: string) => mkdtempSync(join(tmpdir(), `preflow-money-${name}-`));

interface StoredStep {
  hash: Hash | null;
  status: string;
  nonce?: number;
  signedTransaction?: string;
}
interface Stored {
  flowId: string;
  state: string;
  steps: StoredStep[];
}

async function signerWithFunds() {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await devnet.fund(address, "CELO", "10");
  await devnet.fund(address, "USDm", "100");
  return { key, address };
}

const env = (key: string, stateDir: string, extra: Record<string, string> = {}) => ({
  RPC_URL: devnet.rpcUrl,
  DO_NOT_TRACK: "1",
  CHAIN_PRIVATE_KEY: key,
  PREFLOW_STATE_DIR: stateDir,
  ...extra,
});

/** Polls `read` until `done` holds (at most `ms`); returns the last value. */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

describe.each(["sqlite", "postgres"] as const)("two servers of one key sharing the %s store", (engine) => {
  it("hold the day's cap together, and land 10 concurrent sends once each on consecutive nonces", async () => {
    const { key, address } = await signerWithFunds();
    const policyFile = join(freshDir("policy"), "policy.json");
    writeFileSync(policyFile, JSON.stringify({ caps: { USDm: { perDay: "5" } } }));
    const shared = freshDir("state");
    const database: Record<string, string> =
      engine === "postgres" ? { PREFLOW_DATABASE_URL: postgres.createDatabase(`money_${Date.now()}`) } : {};
    const stateDir = () => (engine === "sqlite" ? shared : freshDir("state"));
    const servers: SpawnedServer[] = [
      await spawnServer(env(key, stateDir(), { PREFLOW_POLICY: policyFile, ...database })),
      await spawnServer(env(key, stateDir(), { PREFLOW_POLICY: policyFile, ...database })),
    ];
    try {
      // Each sends 3 USDm at once under a day cap of 5: one is sent, the other refused.
      const [first, second] = [someone(), someone()];
      const results = await Promise.all([
        servers[0]!.call("send_token", { to: first, token: "USDm", amount: "3" }),
        servers[1]!.call("send_token", { to: second, token: "USDm", amount: "3" }),
      ]);
      expect(results.filter((result) => !result.isError)).toHaveLength(1);
      const refusal = toolError(results.find((result) => result.isError)!);
      expect(refusal.code).toBe("POLICY_VIOLATION");
      expect(refusal.message).toContain("Nothing was sent");
      expect((await usdm(first)) + (await usdm(second))).toBe(parseUnits("3", 18));

      // Ten concurrent sends split over the two servers: all land, once each, on consecutive nonces.
      const start = await nonceOf(address);
      const recipients = Array.from({ length: 10 }, someone);
      const sends = await Promise.all(
        recipients.map((to, index) =>
          servers[index % 2]!.call("send_token", { to, token: "CELO", amount: "0.001" }),
        ),
      );
      const executions = sends.map((result) => data<Execution>(result));
      expect(executions.map((execution) => execution.status)).toEqual(Array(10).fill("success"));
      const nonces = executions.map((execution) => execution.steps[0]?.nonce as number).sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: 10 }, (_, index) => start + index));
      expect(await nonceOf(address)).toBe(start + 10);
      for (const to of recipients) expect(await reader.getBalance({ address: to })).toBe(parseEther("0.001"));
      // The other server knows each flow: sending it again there is the replay.
      const again = data<Execution>(
        await servers[1]!.call("send_token", { to: recipients[0], token: "CELO", amount: "0.001" }),
      );
      expect(again).toMatchObject({ replayed: true, status: "success" });
      expect(await nonceOf(address)).toBe(start + 10);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

describe("SIGKILL, then a restart", () => {
  it.each(["sqlite", "postgres"] as const)(
    "after signing, before the node got it (%s): the next server sends the stored bytes (same hash) and the step lands once",
    async (engine) => {
      const { key, address } = await signerWithFunds();
      // PostgreSQL: the second server is another machine (its own state directory), sharing the database.
      const database: Record<string, string> =
        engine === "postgres" ? { PREFLOW_DATABASE_URL: postgres.createDatabase(`crash_${Date.now()}`) } : {};
      const stateDir = freshDir("state");
      const stored = () =>
        engine === "postgres"
          ? postgresRecords<Stored>(database.PREFLOW_DATABASE_URL as string, address)
          : storedRecords<Stored>(stateDir, address);
      const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
      proxy.inject({ method: "eth_sendRawTransaction", fault: { kind: "hang" } });
      const to = someone();
      const start = await nonceOf(address);
      let flowId: string;
      let hash: Hash;
      try {
        const first = await spawnServer(env(key, stateDir, { RPC_URL: proxy.url, ...database }));
        const call = first
          .call("send_token", { to, token: "CELO", amount: "0.01" })
          .catch((error: unknown) => error);
        const records = await until(stored, (list) => list[0]?.steps[0]?.signedTransaction !== undefined);
        expect(records[0]?.steps[0]).toMatchObject({ status: "pending", nonce: start });
        flowId = records[0]?.flowId as string;
        hash = records[0]?.steps[0]?.hash as Hash;
        await first.kill();
        expect(await call).toBeInstanceOf(Error);
        await first.close();
      } finally {
        await proxy.close();
      }
      expect(await nonceOf(address)).toBe(start); // the node never got it

      const second = await spawnServer(
        env(key, engine === "postgres" ? freshDir("state") : stateDir, database),
      );
      try {
        const status = await until(
          async () =>
            data<Execution & { interrupted?: true }>(
              await second.call("get_flow_status", { flow_id: flowId }),
            ),
          (value) => value.status === "success",
        );
        expect(status).toMatchObject({
          status: "success",
          interrupted: true,
          steps: [{ hash, status: "success" }],
        });
        expect((await reader.getTransactionReceipt({ hash })).status).toBe("success");
        expect(await nonceOf(address)).toBe(start + 1);
        expect(await reader.getBalance({ address: to })).toBe(parseEther("0.01"));
        const again = data<Execution>(await second.call("send_token", { to, token: "CELO", amount: "0.01" }));
        expect(again).toMatchObject({ replayed: true, status: "success" });
        expect(again.steps[0]?.hash).toBe(hash);
        expect(await nonceOf(address)).toBe(start + 1);
      } finally {
        await second.close();
      }
    },
  );

  it("after signing, when another transaction took the step's nonce: reported as never mined; executing again sends it once", async () => {
    const { key, address } = await signerWithFunds();
    const stateDir = freshDir("state");
    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    proxy.inject({ method: "eth_sendRawTransaction", fault: { kind: "hang" } });
    const to = someone();
    let flowId: string;
    try {
      const first = await spawnServer(env(key, stateDir, { RPC_URL: proxy.url }));
      void first.call("send_token", { to, token: "CELO", amount: "0.02" }).catch(() => undefined);
      const stored = await until(
        () => storedRecords<Stored>(stateDir, address),
        (records) => records[0]?.steps[0]?.signedTransaction !== undefined,
      );
      flowId = stored[0]?.flowId as string;
      await first.kill();
      await first.close();
    } finally {
      await proxy.close();
    }
    // Another wallet of the same key uses the nonce.
    const wallet = createWalletClient({
      account: privateKeyToAccount(key),
      chain: celo,
      transport: http(devnet.rpcUrl),
    });
    const other = await wallet.sendTransaction({ to: someone(), value: 1n });
    await reader.waitForTransactionReceipt({ hash: other });

    const second = await spawnServer(env(key, stateDir));
    try {
      const status = data<Execution & { steps: { code?: string }[] }>(
        await second.call("get_flow_status", { flow_id: flowId }),
      );
      expect(status).toMatchObject({
        status: "failed",
        steps: [{ status: "failed", sent: false, code: "NONCE_USED_BY_ANOTHER_TRANSACTION" }],
      });
      expect(status.steps[0]?.error).toMatch(/its nonce \d+ was used by another transaction/);
      expect(text(await second.call("get_flow_status", { flow_id: flowId }))).toMatch(
        /Execute the flow again \(without force\)/,
      );
      const start = await nonceOf(address);
      const again = data<Execution>(await second.call("send_token", { to, token: "CELO", amount: "0.02" }));
      expect(again).toMatchObject({ replayed: false, status: "success" });
      expect(await nonceOf(address)).toBe(start + 1);
      expect(await reader.getBalance({ address: to })).toBe(parseEther("0.02"));
    } finally {
      await second.close();
    }
  });

  it("after a step was mined and before the next: the restart continues, each step on chain once", async () => {
    const { key, address } = await signerWithFunds();
    const stateDir = freshDir("state");
    const [x, y] = [someone(), someone()];
    const first = await spawnServer(env(key, stateDir));
    const a = data<{ steps: unknown[] }>(
      await first.call("prepare_send", { to: x, token: "CELO", amount: "0.03" }),
    );
    const b = data<{ steps: unknown[] }>(
      await first.call("prepare_send", { to: y, token: "USDm", amount: "2" }),
    );
    const flow = { ...a, summary: "0.03 CELO then 2 USDm", steps: [...a.steps, ...b.steps] };
    const start = await nonceOf(address);
    let killed: Promise<void> | undefined;
    const call = first
      .call(
        "execute_prepared_flow",
        { flow },
        {
          onprogress: (event) => {
            if (event.progress >= 1) killed ??= first.kill();
          },
        },
      )
      .catch((error: unknown) => error);
    await call;
    await killed;
    await first.close();

    const second = await spawnServer(env(key, stateDir));
    try {
      // Whatever the kill caught (step 1 not signed, or signed and sent), executing again ends with each step once.
      const result = await until(
        async () => data<Execution>(await second.call("execute_prepared_flow", { flow })),
        (value) => value.status === "success",
      );
      expect(result.status).toBe("success");
      expect(await nonceOf(address)).toBe(start + 2);
      expect(await reader.getBalance({ address: x })).toBe(parseEther("0.03"));
      expect(await usdm(y)).toBe(parseUnits("2", 18));
    } finally {
      await second.close();
    }
  });

  it("during the writes of 6 concurrent executions: the store opens again and every flow lands exactly once", async () => {
    const { key, address } = await signerWithFunds();
    const stateDir = freshDir("state");
    const recipients = Array.from({ length: 6 }, someone);
    const start = await nonceOf(address);
    const first = await spawnServer(env(key, stateDir));
    const calls = recipients.map((to) =>
      first.call("send_token", { to, token: "CELO", amount: "0.001" }).catch((error: unknown) => error),
    );
    await until(
      () => (first.captured().stderr.match(/signed: 0x/g) ?? []).length,
      (count) => count >= 3,
    );
    await first.kill();
    await Promise.all(calls);
    await first.close();

    const second = await spawnServer(env(key, stateDir));
    try {
      for (const to of recipients) {
        const result = await until(
          async () =>
            data<Execution>(await second.call("send_token", { to, token: "CELO", amount: "0.001" })),
          (value) => value.status === "success",
        );
        expect(result.status).toBe("success");
      }
      for (const to of recipients) expect(await reader.getBalance({ address: to })).toBe(parseEther("0.001"));
      expect(await nonceOf(address)).toBe(start + 6);
    } finally {
      await second.close();
    }
  });
});

describe("a store that cannot be used", () => {
  it("corrupt: executing tools refuse, typed, naming the file and what to do; reads work; nothing is sent", async () => {
    const { key, address } = await signerWithFunds();
    const stateDir = freshDir("state");
    writeFileSync(join(stateDir, "preflow-tools.sqlite"), "not a database ".repeat(400));
    const server = await spawnServer(env(key, stateDir));
    try {
      const start = await nonceOf(address);
      const error = toolError(
        await server.call("send_token", { to: someone(), token: "CELO", amount: "0.001" }),
      );
      expect(error.code).toBe("STORE_UNAVAILABLE");
      expect(error.message).toContain(join(stateDir, "preflow-tools.sqlite"));
      expect(error.message).toMatch(
        /not a SQLite database or it is corrupt \(SQLITE_NOTADB\)\. Nothing was sent\. Stop every preflow-tools using it, move/,
      );
      expect(await nonceOf(address)).toBe(start);
      const balances = await server.call("get_balances", {});
      expect(balances.isError).toBeFalsy();
      // The server is still there for the next call (it did not exit).
      expect(
        toolError(await server.call("send_token", { to: someone(), token: "CELO", amount: "0.001" })).code,
      ).toBe("STORE_UNAVAILABLE");
    } finally {
      await server.close();
    }
  });

  it("locked by another program: refused, typed, after the busy timeout; nothing is sent", async () => {
    const { key, address } = await signerWithFunds();
    const stateDir = freshDir("state");
    const server = await spawnServer(env(key, stateDir));
    const holder = new Database(join(stateDir, "preflow-tools.sqlite"));
    try {
      expect(
        data<Execution>(await server.call("send_token", { to: someone(), token: "CELO", amount: "0.001" }))
          .status,
      ).toBe("success");
      holder.exec("BEGIN EXCLUSIVE");
      const start = await nonceOf(address);
      const error = toolError(
        await server.call("send_token", { to: someone(), token: "CELO", amount: "0.002" }),
      );
      expect(error.code).toBe("STORE_UNAVAILABLE");
      expect(error.message).toMatch(/stayed locked by another process for more than 5000 ms \(SQLITE_BUSY/);
      expect(await nonceOf(address)).toBe(start);
    } finally {
      if (holder.inTransaction) holder.exec("ROLLBACK");
      holder.close();
      await server.close();
    }
  });
});
