// What a SQLite failure means to the user: the one mapping from better-sqlite3's error codes to a
// StoreUnavailableError that names the file, the reason and what to do.
import { StoreUnavailableError } from "../../errors/store.js";

/** The busy timeout: how long a write waits for another process's transaction before it gives up. @internal */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** A StoreUnavailableError for `error` thrown by SQLite on `file`. @internal */
export function sqliteFailure(file: string, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  const base = { location: file, cause: error };
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
    return new StoreUnavailableError({
      ...base,
      reason: `it stayed locked by another process for more than ${SQLITE_BUSY_TIMEOUT_MS} ms (${code})`,
      remedy:
        "Try again; if it stays locked, stop the program holding it open in a transaction (other preflow-tools servers release it between writes).",
    });
  }
  if (code.startsWith("SQLITE_NOTADB") || code.startsWith("SQLITE_CORRUPT")) {
    return new StoreUnavailableError({
      ...base,
      reason: `it is not a SQLite database or it is corrupt (${code})`,
      remedy: `Stop every preflow-tools using it, move ${file} (with its -wal and -shm files) aside and restart: a new store is created, and the executions it remembered are lost, so check the signer's recent transactions on chain before executing a flow again.`,
    });
  }
  if (
    code.startsWith("SQLITE_READONLY") ||
    code.startsWith("SQLITE_CANTOPEN") ||
    code.startsWith("SQLITE_PERM") ||
    code.startsWith("SQLITE_IOERR") ||
    code.startsWith("SQLITE_FULL") ||
    code === "EACCES" ||
    code === "EROFS" ||
    code === "ENOSPC"
  ) {
    return new StoreUnavailableError({
      ...base,
      reason: `it cannot be opened or written (${code})`,
      remedy:
        "Check that the state directory (PREFLOW_STATE_DIR) is writable by this user and its disk not full, then try again.",
    });
  }
  return new StoreUnavailableError({
    ...base,
    reason: `it failed (${code === "" ? ((error as Error | null)?.name ?? "error") : code})`,
    remedy: "Try again; if it keeps failing, move the file aside and restart.",
  });
}
