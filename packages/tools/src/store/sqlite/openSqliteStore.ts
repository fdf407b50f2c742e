// The embedded engine: one SQLite file at `<stateDir>/preflow-tools.sqlite`, in WAL mode with a busy timeout, so
// several tool servers on one machine share it (each write a short IMMEDIATE transaction; the signer's lock is a
// row with a lease, taken over at once when its holder's process is gone). better-sqlite3 is loaded here only,
// on the first tool that needs the store (never at the server's start).

import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import type DatabaseConstructor from "better-sqlite3";
import { StoreUnavailableError } from "../../errors/store.js";
import { decideApprovalChange, useApprovalChange } from "../approvalRules.js";
import { checkDayCaps, spendRows } from "../checkDayCaps.js";
import { STORE_MIGRATIONS, STORE_SCHEMA_VERSION } from "../migrations.js";
import { SignerQueue } from "../signerQueue.js";
import { approvalFromRow, legacySpendValues, paymentFromRow } from "../storeRows.js";
import {
  type ApprovalRecord,
  type ReserveSpendsResult,
  SPEND_WINDOW_MS,
  type SpendItem,
  STORE_EXECUTION_LIMIT,
  type StoredExecution,
  type ToolServerStore,
  type X402PaymentRecord,
} from "../types.js";
import { SQLITE_BUSY_TIMEOUT_MS, sqliteFailure } from "./sqliteFailure.js";

type Database = DatabaseConstructor.Database;

/** The store's file name in the state directory. @internal */
export const SQLITE_STORE_FILE = "preflow-tools.sqlite";
/** How long a signer's lock is held without its holder renewing it (renewed every third of it). @internal */
export const SIGNER_LOCK_LEASE_MS = 15_000;
/** How long a job waits for the signer's lock by default. @internal */
export const SIGNER_LOCK_WAIT_MS = 120_000;

/** Whether a process of this machine is alive (EPERM: alive, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens (creating it, running the migrations) the SQLite store at `file`. Rejects with StoreUnavailableError. @internal */
export async function openSqliteStore(parameters: { file: string }): Promise<ToolServerStore> {
  const { file } = parameters;
  let db: Database;
  try {
    const Sqlite = (await import("better-sqlite3")).default;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    db = new Sqlite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  } catch (error) {
    throw sqliteFailure(file, error);
  }
  try {
    db.pragma("journal_mode = WAL");
    // FULL: a commit is on disk before the transaction is broadcast (write-ahead means written first).
    db.pragma("synchronous = FULL");
    migrate(db, file);
  } catch (error) {
    db.close();
    throw sqliteFailure(file, error);
  }
  return sqliteStore(db, file);
}

function migrate(db: Database, file: string): void {
  db.transaction(() => {
    db.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
    );
    const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    if (current > STORE_SCHEMA_VERSION) {
      throw new StoreUnavailableError({
        location: file,
        reason: `it has schema version ${current}, newer than this server's ${STORE_SCHEMA_VERSION}`,
        remedy: "Upgrade @preflow/tools (a newer server wrote it).",
      });
    }
    for (const migration of STORE_MIGRATIONS) {
      if (migration.version <= current) continue;
      db.exec(migration.sqlite);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        Date.now(),
      );
    }
  }).immediate();
}

function sqliteStore(db: Database, file: string): ToolServerStore {
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const local = new SignerQueue();
  /** Runs `work` mapping SQLite's errors to StoreUnavailableError. */
  const run = <T>(work: () => T): Promise<T> => {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(sqliteFailure(file, error));
    }
  };
  const write = <T>(work: () => T): Promise<T> => run(() => db.transaction(work).immediate());

  const spentOf = (signer: string, token: string, since: number): bigint => {
    const rows = db
      .prepare("SELECT amount FROM spends WHERE signer = ? AND token = ? AND at > ?")
      .all(signer, token.toLowerCase(), since) as { amount: string }[];
    return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
  };
  /** Keys of `items` already counted: the key itself, or its hash under another key. */
  const countedKeys = (signer: string, items: readonly SpendItem[]): Set<string> => {
    const counted = new Set<string>();
    const byKey = db.prepare("SELECT 1 FROM spends WHERE signer = ? AND spend_key = ? LIMIT 1");
    const byHash = db.prepare("SELECT 1 FROM spends WHERE signer = ? AND hash = ? LIMIT 1");
    for (const item of items) {
      if (byKey.get(signer, item.key) || (item.hash && byHash.get(signer, item.hash.toLowerCase())))
        counted.add(item.key);
    }
    return counted;
  };
  const reserve = (
    signer: string,
    items: readonly SpendItem[],
    caps: Parameters<ToolServerStore["reserveSpends"]>[0]["caps"],
    now: number,
  ): ReserveSpendsResult => {
    const counted = countedKeys(signer, items);
    const exceeded = checkDayCaps({
      caps,
      items,
      counted,
      spentOf: (token) => spentOf(signer, token, now - SPEND_WINDOW_MS),
    });
    if (exceeded.length > 0) return { ok: false, exceeded };
    const insert = db.prepare(
      "INSERT OR IGNORE INTO spends (signer, spend_key, token, fee, amount, at, hash, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (const row of spendRows(items.filter((item) => !counted.has(item.key)))) {
      insert.run(signer, row.key, row.token, row.fee, row.amount.toString(), now, row.hash, row.source);
    }
    return { ok: true, already: [...counted] };
  };
  const approval = (id: string): ApprovalRecord | undefined => {
    const row = db.prepare("SELECT * FROM approvals WHERE id = ?").get(id);
    return row === undefined ? undefined : approvalFromRow(row as Record<string, unknown>);
  };
  const saveApproval = (record: ApprovalRecord) =>
    db
      .prepare("UPDATE approvals SET status = ?, decided_at = ?, used_at = ? WHERE id = ?")
      .run(record.status, record.decidedAt, record.usedAt, record.id);
  const payment = (nonce: string): X402PaymentRecord | undefined => {
    const row = db.prepare("SELECT * FROM x402_payments WHERE nonce = ?").get(nonce.toLowerCase());
    return row === undefined ? undefined : paymentFromRow(row as Record<string, unknown>);
  };

  /** Takes the signer's row lock when free, lapsed, or held by a process that is gone. */
  const tryLock = (signer: string, now: number): boolean =>
    db
      .transaction(() => {
        const row = db
          .prepare("SELECT owner, pid, lease_until FROM signer_locks WHERE signer = ?")
          .get(signer) as { owner: string; pid: number; lease_until: number } | undefined;
        const free =
          row === undefined ||
          row.owner === owner ||
          row.lease_until < now ||
          (row.owner.startsWith(`${hostname()}:`) && row.pid !== process.pid && !alive(row.pid));
        if (!free) return false;
        db.prepare(
          "INSERT INTO signer_locks (signer, owner, pid, lease_until) VALUES (?, ?, ?, ?) ON CONFLICT (signer) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, lease_until = excluded.lease_until",
        ).run(signer, owner, process.pid, now + SIGNER_LOCK_LEASE_MS);
        return true;
      })
      .immediate();

  const store: ToolServerStore = {
    engine: "sqlite",
    location: file,
    schemaVersion: () =>
      run(
        () =>
          (db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as { version: number })
            .version,
      ),

    loadExecutions: (signer, options = {}) =>
      run(() =>
        (
          db
            .prepare(
              `SELECT record FROM executions WHERE signer = ?${options.open ? ` AND (state <> 'done' OR record LIKE '%"status":"pending"%')` : ""} ORDER BY seq`,
            )
            .all(signer.toLowerCase()) as { record: string }[]
        ).map((row) => JSON.parse(row.record) as StoredExecution),
      ),
    getExecution: (signer, flowId) =>
      run(() => {
        const row = db
          .prepare("SELECT record FROM executions WHERE signer = ? AND flow_id = ?")
          .get(signer.toLowerCase(), flowId) as { record: string } | undefined;
        return row === undefined ? undefined : (JSON.parse(row.record) as StoredExecution);
      }),
    putExecution: (signer, record) =>
      write(() => {
        const key = signer.toLowerCase();
        db.prepare(
          `INSERT INTO executions (signer, flow_id, seq, state, record, updated_at)
           VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM executions WHERE signer = ?), ?, ?, ?)
           ON CONFLICT (signer, flow_id) DO UPDATE SET state = excluded.state, record = excluded.record, updated_at = excluded.updated_at`,
        ).run(key, record.flowId, key, record.state, JSON.stringify(record), Date.now());
        const { count } = db
          .prepare("SELECT COUNT(*) AS count FROM executions WHERE signer = ?")
          .get(key) as {
          count: number;
        };
        if (count > STORE_EXECUTION_LIMIT) {
          db.prepare(
            "DELETE FROM executions WHERE signer = ? AND flow_id IN (SELECT flow_id FROM executions WHERE signer = ? AND state = 'done' ORDER BY seq LIMIT ?)",
          ).run(key, key, count - STORE_EXECUTION_LIMIT);
        }
      }),
    deleteExecution: (signer, flowId) =>
      write(() => {
        db.prepare("DELETE FROM executions WHERE signer = ? AND flow_id = ?").run(
          signer.toLowerCase(),
          flowId,
        );
      }),

    withSignerLock: (signer, job, options = {}) => {
      const key = signer.toLowerCase();
      return local.run(key, async () => {
        const deadline = Date.now() + (options.timeoutMs ?? SIGNER_LOCK_WAIT_MS);
        for (let attempt = 0; ; attempt++) {
          if (await run(() => tryLock(key, Date.now()))) break;
          if (options.signal?.aborted || Date.now() >= deadline) {
            throw new StoreUnavailableError({
              location: file,
              reason: `the signer ${key} stayed locked by another tool server for ${options.timeoutMs ?? SIGNER_LOCK_WAIT_MS} ms`,
              remedy: "Try again once the other server's execution has ended.",
            });
          }
          await sleep(Math.min(200, 20 + attempt * 10));
        }
        const renew = setInterval(() => {
          try {
            db.prepare("UPDATE signer_locks SET lease_until = ? WHERE signer = ? AND owner = ?").run(
              Date.now() + SIGNER_LOCK_LEASE_MS,
              key,
              owner,
            );
          } catch {
            // A failed renewal lets the lease lapse; the job's own writes report the store's failure.
          }
        }, SIGNER_LOCK_LEASE_MS / 3);
        renew.unref();
        try {
          return await job();
        } finally {
          clearInterval(renew);
          try {
            db.prepare("DELETE FROM signer_locks WHERE signer = ? AND owner = ?").run(key, owner);
          } catch {
            // Left to lapse (its lease), or taken over once this process is gone.
          }
        }
      });
    },

    spent: (signer, token, since) => run(() => spentOf(signer.toLowerCase(), token, since)),
    reserveSpends: ({ signer, items, caps, now }) =>
      write(() => reserve(signer.toLowerCase(), items, caps, now)),
    bindSpend: ({ signer, key, hash }) =>
      write(() => {
        const who = signer.toLowerCase();
        const lower = hash.toLowerCase();
        const other = db
          .prepare("SELECT 1 FROM spends WHERE signer = ? AND hash = ? AND spend_key <> ? LIMIT 1")
          .get(who, lower, key);
        if (other) db.prepare("DELETE FROM spends WHERE signer = ? AND spend_key = ?").run(who, key);
        else db.prepare("UPDATE spends SET hash = ? WHERE signer = ? AND spend_key = ?").run(lower, who, key);
      }),
    releaseSpend: ({ signer, key }) =>
      write(() => {
        db.prepare("DELETE FROM spends WHERE signer = ? AND spend_key = ?").run(signer.toLowerCase(), key);
      }),
    settleFee: ({ signer, hash, paid }) =>
      write(() => {
        db.prepare("UPDATE spends SET amount = ? WHERE signer = ? AND hash = ? AND fee = 1").run(
          paid.toString(),
          signer.toLowerCase(),
          hash.toLowerCase(),
        );
      }),

    createApproval: (input) =>
      write(() => {
        db.prepare(
          "INSERT INTO approvals (id, flow_digest, flow_id, mode, status, created_at, expires_at, decided_at, used_at) VALUES (?, ?, ?, ?, 'requested', ?, ?, NULL, NULL)",
        ).run(input.id, input.flowDigest, input.flowId, input.mode, input.createdAt, input.expiresAt);
        return approval(input.id) as ApprovalRecord;
      }),
    getApproval: (id) => run(() => approval(id)),
    decideApproval: ({ id, decision, now }) =>
      write(() => {
        const change = decideApprovalChange(approval(id), decision, now);
        if (change.ok) saveApproval(change.approval);
        else if (change.approval?.status === "expired") saveApproval(change.approval);
        return change;
      }),
    useApproval: ({ id, flowDigest, now }) =>
      write(() => {
        const change = useApprovalChange(approval(id), flowDigest, now);
        if (change.ok) saveApproval(change.approval);
        else if (change.approval?.status === "expired") saveApproval(change.approval);
        return change;
      }),
    expireApprovals: (now) =>
      write(
        () =>
          db
            .prepare(
              "UPDATE approvals SET status = 'expired' WHERE status IN ('requested', 'approved') AND expires_at <= ?",
            )
            .run(now).changes,
      ),

    reserveX402Payment: ({ payment: input, caps, now }) =>
      write(() => {
        const nonce = input.nonce.toLowerCase();
        const key = `x402:${nonce}`;
        if (payment(nonce)) return { ok: true, already: [key] } as ReserveSpendsResult;
        const payer = input.payer.toLowerCase();
        const result = reserve(
          payer,
          [{ key, source: { kind: "x402", nonce }, amounts: [{ token: input.asset, amount: input.amount }] }],
          caps,
          now,
        );
        if (!result.ok) return result;
        db.prepare(
          "INSERT INTO x402_payments (nonce, payer, asset, amount, pay_to, network, valid_before, status, transaction_hash, resource, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'signed', NULL, ?, ?, ?)",
        ).run(
          nonce,
          payer,
          input.asset.toLowerCase(),
          input.amount.toString(),
          input.payTo,
          input.network,
          input.validBefore,
          input.resource ?? null,
          now,
          now,
        );
        return result;
      }),
    getX402Payment: (nonce) => run(() => payment(nonce)),
    listX402Payments: ({ payer, since = 0 }) =>
      run(() =>
        (
          db
            .prepare("SELECT * FROM x402_payments WHERE payer = ? AND created_at >= ? ORDER BY created_at")
            .all(payer.toLowerCase(), since) as Record<string, unknown>[]
        ).map(paymentFromRow),
      ),
    settleX402Payment: ({ nonce, transactionHash, now }) =>
      write(() => {
        const found = payment(nonce);
        if (found?.status !== "signed") return found;
        const hash = transactionHash.toLowerCase();
        db.prepare(
          "UPDATE x402_payments SET status = 'settled', transaction_hash = ?, updated_at = ? WHERE nonce = ?",
        ).run(hash, now, found.nonce);
        db.prepare("UPDATE spends SET hash = ? WHERE signer = ? AND spend_key = ?").run(
          hash,
          found.payer,
          `x402:${found.nonce}`,
        );
        return payment(nonce);
      }),
    releaseX402Payment: ({ nonce, now }) =>
      write(() => {
        const found = payment(nonce);
        if (found?.status !== "signed") return found;
        db.prepare("UPDATE x402_payments SET status = 'released', updated_at = ? WHERE nonce = ?").run(
          now,
          found.nonce,
        );
        db.prepare("DELETE FROM spends WHERE signer = ? AND spend_key = ?").run(
          found.payer,
          `x402:${found.nonce}`,
        );
        return payment(nonce);
      }),

    importLegacy: (legacy) =>
      write(() => {
        const inserted = db
          .prepare("INSERT OR IGNORE INTO imports (name, imported_at, detail) VALUES (?, ?, ?)")
          .run(legacy.name, Date.now(), legacy.detail).changes;
        if (inserted === 0) return false;
        const execution = db.prepare(
          `INSERT OR IGNORE INTO executions (signer, flow_id, seq, state, record, updated_at)
           VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM executions WHERE signer = ?), ?, ?, ?)`,
        );
        for (const { signer, record } of legacy.executions) {
          const key = signer.toLowerCase();
          execution.run(key, record.flowId, key, record.state, JSON.stringify(record), Date.now());
        }
        const spend = db.prepare(
          "INSERT OR IGNORE INTO spends (signer, spend_key, token, fee, amount, at, hash, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        );
        for (const row of legacy.spends) {
          spend.run(...legacySpendValues(row, legacy.name));
        }
        return true;
      }),

    close: () => run(() => void db.close()),
  };
  return store;
}
