// What the store's rules (rules/, assembled by sqlStore.ts) need of a database, and all they know of it: statements
// with `?` placeholders, reads, write transactions (each one commit, serialised with the other writers of its lock
// keys, on disk before it resolves or not), and a signer's lock held across a job. Each engine (sqlite/,
// postgres/) implements it with its SQL dialect, locking and connection; the rules are written once over it.
import type { StoreEngine } from "./types.js";

/** A row as the engine returns it (PostgreSQL's BIGINT arrives as text: storeRows.ts reads both). @internal */
export type Row = Record<string, unknown>;

/** Statements of one read or one write transaction; `?` placeholders, values in order. @internal */
export interface Statements {
  all(sql: string, values?: readonly unknown[]): Promise<Row[]>;
  get(sql: string, values?: readonly unknown[]): Promise<Row | undefined>;
  /** Runs a statement; resolves how many rows it inserted, changed or deleted. */
  run(sql: string, values?: readonly unknown[]): Promise<number>;
  /** Runs several statements without values (the migrations). */
  exec(sql: string): Promise<void>;
}

/** How a write transaction is committed. @internal */
export interface WriteOptions {
  /**
   * Keys the transaction is serialised on against every writer of the same keys, in every process and machine
   * (PostgreSQL: transaction advisory locks; SQLite: every write transaction takes the file's write lock anyway).
   */
  locks?: readonly string[];
  /**
   * On disk before the write resolves (SQLite: synchronous=FULL, the WAL is fsynced at this commit; PostgreSQL:
   * synchronous_commit on). Otherwise the commit is visible to every reader at once and survives this process's
   * crash, and reaches the disk with the next durable commit or checkpoint (a power loss can undo it): the README's
   * "What a commit costs" says which writes are which, and why.
   */
  durable: boolean;
}

/** The key of the migrations' lock (PostgreSQL keeps its earlier numeric key for it). @internal */
export const MIGRATIONS_LOCK = "preflow-migrations";

/** A signer's lock being taken: `take` tries once; `release` ends the attempt (and the lock when `held`). @internal */
export interface SignerLockHold {
  take(): Promise<boolean>;
  release(held: boolean): Promise<void>;
}

/** The commits an engine made since it was opened, and how many of them were durable (fsynced). @internal */
export interface CommitCounts {
  commits: number;
  durable: number;
}

/** One database under the store's rules. Every method rejects with StoreUnavailableError. @internal */
export interface SqlEngine {
  readonly engine: StoreEngine;
  /** The file or the database (its URL without the password): what messages name. */
  readonly location: string;
  /** Runs statements that only read (no transaction). */
  read<T>(work: (sql: Statements) => Promise<T>): Promise<T>;
  /** Runs `work` in one write transaction, committed as `options` say (rolled back when it throws). */
  write<T>(options: WriteOptions, work: (sql: Statements) => Promise<T>): Promise<T>;
  /** Prepares to take the signer's (lowercase) lock: one queue per signer across processes and machines. */
  holdSignerLock(signer: string): Promise<SignerLockHold>;
  /** The commits counted so far. */
  commitCounts(): CommitCounts;
  close(): Promise<void>;
}
