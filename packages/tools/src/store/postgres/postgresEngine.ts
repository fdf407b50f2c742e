// The PostgreSQL engine under the store's rules: a small pool. Reads run on any pooled connection; each write is
// one transaction on one connection behind transaction-level advisory locks on its keys (released at COMMIT), so
// check-and-spend holds across servers, committed with synchronous_commit off unless durable. The signer's queue
// is a session advisory lock held on one connection for the whole job (released by the server when that connection
// ends, a crashed process included). `?` placeholders become `$1, $2, ...`.
import type { Pool, PoolClient } from "pg";
import {
  type CommitCounts,
  MIGRATIONS_LOCK,
  type Row,
  type SignerLockHold,
  type SqlEngine,
  type Statements,
  type WriteOptions,
} from "../engine.js";
import { postgresFailure } from "./postgresFailure.js";

/** The migrations' lock, at the numeric key earlier versions took (so they wait on each other). */
const MIGRATION_LOCK_ID = 7_042_220;

/** `sql` with its `?` placeholders numbered (the store's SQL has no `?` inside literals). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** The PostgreSQL engine over a pool (migrations not run here). @internal */
export class PostgresEngine implements SqlEngine {
  readonly engine = "postgres" as const;
  private readonly texts = new Map<string, string>();
  private readonly counts: CommitCounts = { commits: 0, durable: 0 };

  constructor(
    private readonly pool: Pool,
    readonly location: string,
  ) {}

  private text(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = numbered(sql);
      this.texts.set(sql, text);
    }
    return text;
  }

  private statements(client: Pool | PoolClient): Statements {
    return {
      all: async (sql, values = []) => (await client.query(this.text(sql), [...values])).rows as Row[],
      get: async (sql, values = []) =>
        (await client.query(this.text(sql), [...values])).rows[0] as Row | undefined,
      run: async (sql, values = []) => (await client.query(this.text(sql), [...values])).rowCount ?? 0,
      exec: async (sql) => void (await client.query(sql)),
    };
  }

  async read<T>(work: (sql: Statements) => Promise<T>): Promise<T> {
    try {
      return await work(this.statements(this.pool));
    } catch (error) {
      throw postgresFailure(this.location, error);
    }
  }

  async write<T>(options: WriteOptions, work: (sql: Statements) => Promise<T>): Promise<T> {
    let client: PoolClient | undefined;
    try {
      client = await this.pool.connect();
      await client.query(options.durable ? "BEGIN" : "BEGIN; SET LOCAL synchronous_commit = off");
      for (const key of options.locks ?? []) {
        if (key === MIGRATIONS_LOCK)
          await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
        else await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [key]);
      }
      const result = await work(this.statements(client));
      await client.query("COMMIT");
      this.counts.commits++;
      if (options.durable) this.counts.durable++;
      return result;
    } catch (error) {
      await client?.query("ROLLBACK").catch(() => undefined);
      throw postgresFailure(this.location, error);
    } finally {
      client?.release();
    }
  }

  async holdSignerLock(signer: string): Promise<SignerLockHold> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw postgresFailure(this.location, error);
    }
    const key = `preflow-signer:${signer}`;
    return {
      take: async () => {
        const { rows } = await client
          .query("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [key])
          .catch((error: unknown) => {
            throw postgresFailure(this.location, error);
          });
        return rows[0]?.locked === true;
      },
      release: async (held) => {
        if (held)
          await client
            .query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key])
            .catch(() => undefined);
        client.release();
      },
    };
  }

  commitCounts(): CommitCounts {
    return { ...this.counts };
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
