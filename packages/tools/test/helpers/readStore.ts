// Reads the SQLite store of a state directory as a test sees it (read-only, beside the running servers).
import { join } from "node:path";
import Database from "better-sqlite3";

/** The stored execution records of `signer` (oldest first), as JSON objects. */
export function storedRecords<T = Record<string, unknown>>(stateDir: string, signer: string): T[] {
  const db = new Database(join(stateDir, "preflow-tools.sqlite"), { readonly: true, timeout: 5_000 });
  try {
    return (
      db.prepare("SELECT record FROM executions WHERE signer = ? ORDER BY seq").all(signer.toLowerCase()) as {
        record: string;
      }[]
    ).map((row) => JSON.parse(row.record) as T);
  } finally {
    db.close();
  }
}

/** The spends of `signer` in the store: key, token, amount (base units), whether a fee, hash. */
export function storedSpends(
  stateDir: string,
  signer: string,
): { spend_key: string; token: string; amount: string; fee: number; hash: string | null }[] {
  const db = new Database(join(stateDir, "preflow-tools.sqlite"), { readonly: true, timeout: 5_000 });
  try {
    return db
      .prepare(
        "SELECT spend_key, token, amount, fee, hash FROM spends WHERE signer = ? ORDER BY at, spend_key",
      )
      .all(signer.toLowerCase()) as never;
  } finally {
    db.close();
  }
}
