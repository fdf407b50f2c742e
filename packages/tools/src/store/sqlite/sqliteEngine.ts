// The SQLite engine under the store's rules: one better-sqlite3 connection to the file, in WAL mode with a busy
// timeout, shared with the other tool servers of this machine. Statements are prepared once and reused; each write
// is one IMMEDIATE transaction (the file's write lock, so every write is serialised across processes), committed
// with synchronous=FULL when durable (the WAL is fsynced at the commit) and NORMAL otherwise (written to the WAL,
// fsynced with the next durable commit or checkpoint). A transaction's statements are awaited by the rules, so the
// process runs one read or write at a time across all its connections: another connection's BEGIN IMMEDIATE while
// one is open would block the thread in SQLite's busy wait, and the open one could never commit.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type DatabaseConstructor from "better-sqlite3";
import type { CommitCounts, Row, SignerLockHold, SqlEngine, Statements, WriteOptions } from "../engine.js";
import { sqliteFailure } from "./sqliteFailure.js";

type Database = DatabaseConstructor.Database;
type Statement = DatabaseConstructor.Statement<unknown[]>;

/** How long a signer's lock is held without its holder renewing it (renewed every third of it). @internal */
export const SIGNER_LOCK_LEASE_MS = 15_000;

/** Whether a process of this machine is alive (EPERM: alive, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** The jobs of every SQLite connection of this process, one at a time. */
let queue: Promise<unknown> = Promise.resolve();

/** The SQLite engine over an open connection. @internal */
export class SqliteEngine implements SqlEngine {
  readonly engine = "sqlite" as const;
  private readonly prepared = new Map<string, Statement>();
  private synchronous: "FULL" | "NORMAL" | undefined;
  private readonly counts: CommitCounts = { commits: 0, durable: 0 };
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  private readonly statements: Statements = {
    all: async (sql, values = []) => this.statement(sql).all(...values) as Row[],
    get: async (sql, values = []) => this.statement(sql).get(...values) as Row | undefined,
    run: async (sql, values = []) => this.statement(sql).run(...values).changes,
    exec: async (sql) => void this.db.exec(sql),
  };

  constructor(
    private readonly db: Database,
    readonly location: string,
  ) {}

  private statement(sql: string): Statement {
    let statement = this.prepared.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }

  /** Runs `job` after the process's earlier jobs, mapping SQLite's errors to StoreUnavailableError. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const result = queue.then(job);
    queue = result.catch(() => undefined);
    return result.catch((error: unknown) => {
      throw sqliteFailure(this.location, error);
    });
  }

  read<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    return this.serial(() => work(this.statements));
  }

  write<T>(options: WriteOptions, work: (sql: Statements) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      // Set between transactions (SQLite refuses it inside one); applies to this connection's next commit.
      const level = options.durable ? "FULL" : "NORMAL";
      if (this.synchronous !== level) {
        this.db.pragma(`synchronous = ${level}`);
        this.synchronous = level;
      }
      this.statement("BEGIN IMMEDIATE").run();
      try {
        const result = await work(this.statements);
        this.statement("COMMIT").run();
        this.counts.commits++;
        if (options.durable) this.counts.durable++;
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.statement("ROLLBACK").run();
        throw error;
      }
    });
  }

  /** Takes the signer's row lock when free, lapsed, or held by a process of this machine that is gone. */
  private tryLock(signer: string): Promise<boolean> {
    return this.write({ durable: false }, async (sql) => {
      const now = Date.now();
      const row = (await sql.get("SELECT owner, pid, lease_until FROM signer_locks WHERE signer = ?", [
        signer,
      ])) as { owner: string; pid: number; lease_until: number } | undefined;
      const free =
        row === undefined ||
        row.owner === this.owner ||
        row.lease_until < now ||
        (row.owner.startsWith(`${hostname()}:`) && row.pid !== process.pid && !alive(row.pid));
      if (!free) return false;
      await sql.run(
        "INSERT INTO signer_locks (signer, owner, pid, lease_until) VALUES (?, ?, ?, ?) ON CONFLICT (signer) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, lease_until = excluded.lease_until",
        [signer, this.owner, process.pid, now + SIGNER_LOCK_LEASE_MS],
      );
      return true;
    });
  }

  async holdSignerLock(signer: string): Promise<SignerLockHold> {
    let renew: ReturnType<typeof setInterval> | undefined;
    return {
      take: async () => {
        if (!(await this.tryLock(signer))) return false;
        renew = setInterval(() => {
          // A failed renewal lets the lease lapse; the job's own writes report the store's failure.
          this.write({ durable: false }, (sql) =>
            sql.run("UPDATE signer_locks SET lease_until = ? WHERE signer = ? AND owner = ?", [
              Date.now() + SIGNER_LOCK_LEASE_MS,
              signer,
              this.owner,
            ]),
          ).catch(() => undefined);
        }, SIGNER_LOCK_LEASE_MS / 3);
        renew.unref();
        return true;
      },
      release: async (held) => {
        clearInterval(renew);
        if (!held) return;
        // Left to lapse (its lease) when this fails, or taken over once this process is gone.
        await this.write({ durable: false }, (sql) =>
          sql.run("DELETE FROM signer_locks WHERE signer = ? AND owner = ?", [signer, this.owner]),
        ).catch(() => undefined);
      },
    };
  }

  commitCounts(): CommitCounts {
    return { ...this.counts };
  }

  close(): Promise<void> {
    return this.serial(async () => void this.db.close());
  }
}
