// The embedded store: one SQLite file at `<stateDir>/preflow-tools.sqlite`, in WAL mode with a busy timeout, so
// several tool servers on one machine share it (each write a short IMMEDIATE transaction; the signer's lock is a
// row with a lease, taken over at once when its holder's process is gone): sqliteEngine.ts under the store's rules
// (sqlStore.ts). better-sqlite3 is loaded here only, on the first tool that needs the store (never at the server's
// start).
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrate } from "../rules/migrate.js";
import { sqlStore } from "../sqlStore.js";
import type { ToolServerStore } from "../types.js";
import { SqliteEngine } from "./sqliteEngine.js";
import { SQLITE_BUSY_TIMEOUT_MS, sqliteFailure } from "./sqliteFailure.js";

export { SIGNER_LOCK_WAIT_MS } from "../rules/signerLock.js";
export { SIGNER_LOCK_LEASE_MS } from "./sqliteEngine.js";

/** The store's file name in the state directory. @internal */
export const SQLITE_STORE_FILE = "preflow-tools.sqlite";

/** Opens (creating it, running the migrations) the SQLite store at `file`. Rejects with StoreUnavailableError. @internal */
export async function openSqliteStore(parameters: { file: string }): Promise<ToolServerStore> {
  const { file } = parameters;
  let engine: SqliteEngine;
  try {
    const Sqlite = (await import("better-sqlite3")).default;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const db = new Sqlite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    engine = new SqliteEngine(db, file);
    try {
      db.pragma("journal_mode = WAL");
    } catch (error) {
      db.close();
      throw error;
    }
  } catch (error) {
    throw sqliteFailure(file, error);
  }
  try {
    await migrate(engine);
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw error;
  }
  return sqlStore(engine);
}
