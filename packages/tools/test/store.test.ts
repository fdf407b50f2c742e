// The store's one interface, driven the same way on both engines: SQLite at a temporary state directory, and a real
// PostgreSQL server started here (test/helpers/startPostgres.ts). Two store instances stand for two tool servers:
// caps, approvals and the signer's lock must hold between them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreUnavailableError } from "../src/errors/store.js";
import { STORE_SCHEMA_VERSION } from "../src/store/migrations.js";
import { openToolServerStore } from "../src/store/openToolServerStore.js";
import type { StoredExecution, ToolServerStore } from "../src/store/types.js";
import { type RunningPostgres, startPostgres } from "./helpers/startPostgres.js";

const SIGNER = "0x1111111111111111111111111111111111111111";
const TOKEN = "0x765de816845861e75a25fca122bb6898b8b1282a";
const OTHER_TOKEN = "0xceba9300f2b948710d2653dd7b07f33a8b32118c";
const HASH = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const NOW = 1_800_000_000_000;
const caps = [{ token: TOKEN, limit: 5n, symbol: "USDm" }];

let postgres: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

const engines: [string, () => { stateDir: string; databaseUrl?: string }][] = [
  ["sqlite", () => ({ stateDir: mkdtempSync(join(tmpdir(), "preflow-store-")) })],
  [
    "postgres",
    () => ({
      stateDir: mkdtempSync(join(tmpdir(), "preflow-store-")),
      databaseUrl: postgres.createDatabase(`store_${process.pid}_${databases++}`),
    }),
  ],
];

function execution(flowId: string, state: StoredExecution["state"] = "done"): StoredExecution {
  return {
    flowId,
    chainId: 42220,
    from: SIGNER,
    summary: "send 1 USDm",
    state,
    outcome: state === "done" ? "success" : null,
    startedAt: "2026-11-27T00:00:00.000Z",
    finishedAt: null,
    steps: [
      {
        index: 0,
        description: "transfer",
        to: TOKEN,
        hash: HASH(1),
        status: "pending",
        nonce: 7,
        signedTransaction: "0x02f8",
      },
    ],
  };
}

describe.each(engines)("the %s store", (engine, location) => {
  /** Two stores on one location: two tool servers. */
  async function pair(): Promise<[ToolServerStore, ToolServerStore]> {
    const where = location();
    return [await openToolServerStore(where), await openToolServerStore(where)];
  }

  it("runs its migrations once, to the current version, whichever server opens it first", async () => {
    const [a, b] = await pair();
    expect(a.engine).toBe(engine);
    expect(await a.schemaVersion()).toBe(STORE_SCHEMA_VERSION);
    expect(await b.schemaVersion()).toBe(STORE_SCHEMA_VERSION);
    await Promise.all([a.close(), b.close()]);
  });

  it("keeps executions per signer, oldest first, with each step's signed bytes, seen by the other server", async () => {
    const [a, b] = await pair();
    await a.putExecution(SIGNER, execution("flow_a", "running"));
    await a.putExecution(SIGNER, execution("flow_b"));
    await a.putExecution(SIGNER, { ...execution("flow_a"), summary: "changed" });
    const loaded = await b.loadExecutions(SIGNER.toUpperCase().replace("0X", "0x"));
    expect(loaded.map((record) => record.flowId)).toEqual(["flow_a", "flow_b"]);
    expect(loaded[0]?.summary).toBe("changed");
    // What recovery reads: records not ended, or with a pending step.
    const settled = {
      ...execution("flow_c"),
      steps: [{ ...execution("flow_c").steps[0]!, status: "success" as const }],
    };
    await a.putExecution(SIGNER, settled);
    await a.putExecution(SIGNER, execution("flow_d", "running"));
    expect((await b.loadExecutions(SIGNER, { open: true })).map((record) => record.flowId)).toEqual([
      "flow_a",
      "flow_b",
      "flow_d",
    ]);
    expect((await b.getExecution(SIGNER, "flow_b"))?.steps[0]?.signedTransaction).toBe("0x02f8");
    expect(await b.getExecution("0x2222222222222222222222222222222222222222", "flow_b")).toBeUndefined();
    await b.deleteExecution(SIGNER, "flow_b");
    await b.deleteExecution(SIGNER, "flow_c");
    await b.deleteExecution(SIGNER, "flow_d");
    expect(await a.getExecution(SIGNER, "flow_b")).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });

  it("checks and reserves the day's caps atomically across servers: 10 concurrent spends of 1 under a cap of 5 → 5", async () => {
    const [a, b] = await pair();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 === 0 ? a : b).reserveSpends({
          signer: SIGNER,
          items: [
            {
              key: `flow:f${index}:0`,
              source: { kind: "flow", flowId: `f${index}`, step: 0 },
              amounts: [{ token: TOKEN, amount: 1n }],
            },
          ],
          caps,
          now: NOW,
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    const refused = results.find((result) => !result.ok);
    expect(refused).toMatchObject({
      ok: false,
      exceeded: [{ token: TOKEN, limit: 5n, spent: 5n, adding: 1n }],
    });
    expect(await a.spent(SIGNER, TOKEN, NOW - 1)).toBe(5n);
    // Outside the rolling window: free again.
    expect(await a.spent(SIGNER, TOKEN, NOW + 1)).toBe(0n);
    await Promise.all([a.close(), b.close()]);
  });

  it("counts a key once, a hash once (the same bytes signed again), all items or none, and settles fees", async () => {
    const [a] = await pair();
    const item = (key: string, amount: bigint, hash?: string) => ({
      key,
      source: { kind: "flow" as const, flowId: key, step: 0 },
      amounts: [
        { token: TOKEN, amount },
        { token: TOKEN, amount: 1n, fee: true as const },
      ],
      ...(hash === undefined ? {} : { hash }),
    });
    const bigCap = [{ token: TOKEN, limit: 100n }];
    expect(
      await a.reserveSpends({ signer: SIGNER, items: [item("k1", 2n, HASH(9))], caps: bigCap, now: NOW }),
    ).toEqual({
      ok: true,
      already: [],
    });
    expect(
      await a.reserveSpends({ signer: SIGNER, items: [item("k1", 2n, HASH(9))], caps: bigCap, now: NOW }),
    ).toEqual({
      ok: true,
      already: ["k1"],
    });
    // A second reservation whose transaction turns out to have the same hash is dropped when bound.
    await a.reserveSpends({ signer: SIGNER, items: [item("k2", 2n)], caps: bigCap, now: NOW });
    expect(await a.spent(SIGNER, TOKEN, 0)).toBe(6n);
    await a.bindSpend({ signer: SIGNER, key: "k2", hash: HASH(9) });
    expect(await a.spent(SIGNER, TOKEN, 0)).toBe(3n);
    // The receipt's fee replaces fee.max.
    await a.settleFee({ signer: SIGNER, hash: HASH(9), paid: 0n });
    expect(await a.spent(SIGNER, TOKEN, 0)).toBe(2n);
    // All or none: the second item breaks the cap, the first is not reserved either.
    const refused = await a.reserveSpends({
      signer: SIGNER,
      items: [item("k3", 1n), item("k4", 200n)],
      caps: bigCap,
      now: NOW,
    });
    expect(refused.ok).toBe(false);
    expect(await a.spent(SIGNER, TOKEN, 0)).toBe(2n);
    await a.reserveSpends({ signer: SIGNER, items: [item("k5", 4n)], caps: bigCap, now: NOW });
    await a.releaseSpend({ signer: SIGNER, key: "k5" });
    expect(await a.spent(SIGNER, TOKEN, 0)).toBe(2n);
    expect(await a.spent(SIGNER, OTHER_TOKEN, 0)).toBe(0n);
    await a.close();
  });

  it("uses an approval once, for the exact flow, before it expires, even when two servers race", async () => {
    const [a, b] = await pair();
    const base = {
      flowDigest: HASH(3),
      flowId: "flow_x",
      mode: "elicitation",
      createdAt: NOW,
      expiresAt: NOW + 60_000,
    };
    expect(await a.createApproval({ id: "ap1", ...base })).toMatchObject({
      status: "requested",
      usedAt: null,
    });
    expect(await b.useApproval({ id: "ap1", flowDigest: HASH(3), now: NOW })).toMatchObject({
      ok: false,
      reason: "not-approved",
    });
    expect(await b.decideApproval({ id: "ap1", decision: "approved", now: NOW + 1 })).toMatchObject({
      ok: true,
      approval: { status: "approved", decidedAt: NOW + 1 },
    });
    expect(await a.decideApproval({ id: "ap1", decision: "declined", now: NOW + 2 })).toMatchObject({
      ok: false,
      reason: "already-decided",
    });
    expect(await a.useApproval({ id: "ap1", flowDigest: HASH(4), now: NOW + 3 })).toMatchObject({
      ok: false,
      reason: "flow-mismatch",
    });
    const uses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? a : b).useApproval({ id: "ap1", flowDigest: HASH(3), now: NOW + 4 }),
      ),
    );
    expect(uses.filter((use) => use.ok)).toHaveLength(1);
    expect(uses.filter((use) => !use.ok).every((use) => !use.ok && use.reason === "used")).toBe(true);
    expect(await a.getApproval("ap1")).toMatchObject({ status: "used", usedAt: NOW + 4 });
    await a.createApproval({ id: "ap2", ...base });
    await a.decideApproval({ id: "ap2", decision: "approved", now: NOW });
    expect(await a.useApproval({ id: "ap2", flowDigest: HASH(3), now: NOW + 60_000 })).toMatchObject({
      ok: false,
      reason: "expired",
    });
    await a.createApproval({ id: "ap3", ...base });
    expect(await a.expireApprovals(NOW + 60_000)).toBe(1);
    expect(await a.useApproval({ id: "nope", flowDigest: HASH(3), now: NOW })).toMatchObject({
      reason: "not-found",
    });
    await Promise.all([a.close(), b.close()]);
  });

  it("counts an x402 payment from signing in the same day-cap ledger as flows, once per nonce; releasing frees it", async () => {
    const [a, b] = await pair();
    await a.reserveSpends({
      signer: SIGNER,
      items: [
        {
          key: "flow:f:0",
          source: { kind: "flow", flowId: "f", step: 0 },
          amounts: [{ token: TOKEN, amount: 3n }],
        },
      ],
      caps,
      now: NOW,
    });
    const payment = (nonce: number, amount: bigint) => ({
      nonce: HASH(nonce),
      payer: SIGNER,
      asset: TOKEN,
      amount,
      payTo: "0x3333333333333333333333333333333333333333",
      network: "celo",
      validBefore: 1_900_000_000,
      resource: "https://api.example/paid",
    });
    expect(await b.reserveX402Payment({ payment: payment(1, 2n), caps, now: NOW })).toEqual({
      ok: true,
      already: [],
    });
    expect(await a.reserveX402Payment({ payment: payment(1, 2n), caps, now: NOW })).toMatchObject({
      ok: true,
      already: [`x402:${HASH(1)}`],
    });
    expect(await a.reserveX402Payment({ payment: payment(2, 1n), caps, now: NOW })).toMatchObject({
      ok: false,
    });
    expect(await a.getX402Payment(HASH(2))).toBeUndefined();
    expect(await a.getX402Payment(HASH(1))).toMatchObject({
      status: "signed",
      amount: 2n,
      transactionHash: null,
    });
    expect(await a.releaseX402Payment({ nonce: HASH(1), now: NOW + 1 })).toMatchObject({
      status: "released",
    });
    expect(await a.reserveX402Payment({ payment: payment(2, 2n), caps, now: NOW })).toMatchObject({
      ok: true,
    });
    expect(
      await b.settleX402Payment({ nonce: HASH(2), transactionHash: HASH(77), now: NOW + 2 }),
    ).toMatchObject({
      status: "settled",
      transactionHash: HASH(77),
    });
    // A settled payment is not released.
    expect(await b.releaseX402Payment({ nonce: HASH(2), now: NOW + 3 })).toMatchObject({ status: "settled" });
    expect(await a.spent(SIGNER, TOKEN, 0)).toBe(5n);
    expect((await a.listX402Payments({ payer: SIGNER })).map((p) => p.status)).toEqual([
      "released",
      "settled",
    ]);
    await Promise.all([a.close(), b.close()]);
  });

  it("runs one job at a time per signer across servers (the nonce queue)", async () => {
    const [a, b] = await pair();
    let inside = 0;
    let most = 0;
    const job = async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inside--;
    };
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 ? a : b).withSignerLock(SIGNER, job)),
    );
    expect(most).toBe(1);
    // Another signer is not queued behind it.
    await a.withSignerLock(SIGNER, () =>
      b.withSignerLock("0x2222222222222222222222222222222222222222", async () => undefined, {
        timeoutMs: 2_000,
      }),
    );
    // A lock held by the other server: bounded wait, typed refusal.
    await expect(
      a.withSignerLock(SIGNER, () => b.withSignerLock(SIGNER, async () => undefined, { timeoutMs: 300 })),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
    await Promise.all([a.close(), b.close()]);
  });

  it("imports a legacy file once", async () => {
    const [a, b] = await pair();
    const legacy = {
      name: "spending.json",
      detail: "1 signer",
      executions: [{ signer: SIGNER, record: execution("old") }],
      spends: [
        {
          signer: SIGNER,
          key: `legacy:${HASH(5)}`,
          token: TOKEN,
          fee: false,
          amount: 2n,
          at: NOW,
          hash: HASH(5),
        },
        {
          signer: SIGNER,
          key: `legacy:${HASH(5)}`,
          token: TOKEN,
          fee: false,
          amount: 2n,
          at: NOW,
          hash: HASH(5),
        },
      ],
    };
    expect(await a.importLegacy(legacy)).toBe(true);
    expect(await b.importLegacy(legacy)).toBe(false);
    expect(await a.spent(SIGNER, TOKEN, 0)).toBe(2n);
    expect((await b.loadExecutions(SIGNER)).map((record) => record.flowId)).toEqual(["old"]);
    await Promise.all([a.close(), b.close()]);
  });

  it("commits an execution's writes durably only at each step's write-ahead and at the end", async () => {
    const [store] = await pair();
    const flow = "flow_commits";
    // A step as stored once mined: its signed bytes dropped.
    const { signedTransaction: _bytes, ...step } = execution(flow).steps[0]!;
    const running: StoredExecution = {
      ...execution(flow, "running"),
      steps: [{ index: 0, description: "transfer", to: TOKEN, hash: null, status: "queued" }],
    };
    const signed = (index: number, bytes: string): StoredExecution => ({
      ...running,
      steps: [{ ...step, index, sent: "unknown", signedTransaction: bytes }],
    });
    const key = `flow:${flow}:0:attempt`;
    const before = store.commitCounts();
    const counted = async (write: () => Promise<unknown>) => {
      const start = store.commitCounts();
      await write();
      const end = store.commitCounts();
      return [end.commits - start.commits, end.durable - start.durable];
    };
    await store.withSignerLock(SIGNER, async () => {
      const items = [
        {
          key,
          source: { kind: "flow" as const, flowId: flow, step: 0 },
          amounts: [{ token: TOKEN, amount: 1n }],
        },
      ];
      expect(await counted(() => store.reserveSpends({ signer: SIGNER, items, caps, now: NOW }))).toEqual([
        1, 0,
      ]);
      expect(await counted(() => store.putExecution(SIGNER, running))).toEqual([1, 0]);
      // The write-ahead: the step's signed bytes, broadcast next.
      expect(await counted(() => store.putExecution(SIGNER, signed(0, "0x02f8aa")))).toEqual([1, 1]);
      expect(await counted(() => store.bindSpend({ signer: SIGNER, key, hash: HASH(1) }))).toEqual([1, 0]);
      const sent = {
        ...signed(0, "0x02f8aa"),
        steps: [{ ...signed(0, "0x02f8aa").steps[0]!, sent: true as const }],
      };
      expect(await counted(() => store.putExecution(SIGNER, sent))).toEqual([1, 0]);
      // The same step signed again (a fee bump, other bytes): a write-ahead again.
      expect(await counted(() => store.putExecution(SIGNER, signed(0, "0x02f8bb")))).toEqual([1, 1]);
      const mined: StoredExecution = { ...running, steps: [{ ...step, status: "success", sent: true }] };
      expect(await counted(() => store.putExecution(SIGNER, mined))).toEqual([1, 0]);
      expect(await counted(() => store.settleFee({ signer: SIGNER, hash: HASH(1), paid: 0n }))).toEqual([
        1, 0,
      ]);
      // The end, once.
      const done: StoredExecution = { ...mined, state: "done", outcome: "success" };
      expect(await counted(() => store.putExecution(SIGNER, done))).toEqual([1, 1]);
      expect(await counted(() => store.putExecution(SIGNER, done))).toEqual([1, 0]);
    });
    const after = store.commitCounts();
    // SQLite's signer lock is a leased row (taken and released: 2 commits); PostgreSQL's an advisory lock.
    expect(after.commits - before.commits).toBe(engine === "sqlite" ? 12 : 10);
    expect(after.durable - before.durable).toBe(3);
    // An x402 payment's reservation is durable (its signature leaves right after); its settlement is not.
    const payment = {
      nonce: HASH(99),
      payer: SIGNER,
      asset: TOKEN,
      amount: 1n,
      payTo: SIGNER,
      network: "celo",
      validBefore: 2_000_000_000,
    };
    expect(await counted(() => store.reserveX402Payment({ payment, caps, now: NOW }))).toEqual([1, 1]);
    expect(
      await counted(() => store.settleX402Payment({ nonce: HASH(99), transactionHash: HASH(100), now: NOW })),
    ).toEqual([1, 0]);
    await store.close();
  });
});

describe("an unusable store", () => {
  it("SQLite: a corrupt file is a StoreUnavailableError naming the file and what to do", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-store-"));
    writeFileSync(
      join(stateDir, "preflow-tools.sqlite"),
      "this is not a database, it is garbage ".repeat(200),
    );
    const error = await openToolServerStore({ stateDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toContain(join(stateDir, "preflow-tools.sqlite"));
    expect((error as Error).message).toMatch(/not a SQLite database or it is corrupt \(SQLITE_NOTADB\)/);
    expect((error as Error).message).toMatch(/Nothing was sent\. Stop every preflow-tools using it, move/);
  });

  it("PostgreSQL: an unreachable server is a StoreUnavailableError naming the database without its password", async () => {
    const error = await openToolServerStore({
      stateDir: tmpdir(),
      databaseUrl: "postgres://user:hunter2secret@127.0.0.1:1/preflow",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toContain("postgres://user@127.0.0.1:1/preflow");
    expect((error as Error).message).not.toContain("hunter2secret");
    expect(JSON.stringify(error)).not.toContain("hunter2secret");
    expect((error as Error).message).toMatch(/cannot be reached \(ECONNREFUSED\)/);
  });
});
