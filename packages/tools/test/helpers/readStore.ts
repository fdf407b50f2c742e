// Reads the SQLite store of a state directory as a test sees it (read-only, beside the running servers).
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

function query<T>(stateDir: string, table: string, sql: string, ...values: unknown[]): T[] {
  const file = join(stateDir, "preflow-tools.sqlite");
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, timeout: 5_000 });
  try {
    if (db.prepare("SELECT name FROM sqlite_master WHERE name = ?").get(table) === undefined) return [];
    return db.prepare(sql).all(...values) as T[];
  } finally {
    db.close();
  }
}

/** The stored execution records of `signer` (oldest first), as JSON objects. */
export function storedRecords<T = Record<string, unknown>>(stateDir: string, signer: string): T[] {
  return query<{ record: string }>(
    stateDir,
    "executions",
    "SELECT record FROM executions WHERE signer = ? ORDER BY seq",
    signer.toLowerCase(),
  ).map((row) => JSON.parse(row.record) as T);
}

/** The spends of `signer` in the store: key, token, amount (base units), whether a fee, hash. */
export function storedSpends(
  stateDir: string,
  signer: string,
): { spend_key: string; token: string; amount: string; fee: number; hash: string | null }[] {
  return query(
    stateDir,
    "spends",
    "SELECT spend_key, token, amount, fee, hash FROM spends WHERE signer = ? ORDER BY at, spend_key",
    signer.toLowerCase(),
  );
}

/** The approvals in the store (every subject: flows, and x402 payments under `x402:<nonce>`), oldest first. */
export function storedApprovals(
  stateDir: string,
): { id: string; flow_id: string; mode: string; status: string; used_at: number | null }[] {
  return query(
    stateDir,
    "approvals",
    "SELECT id, flow_id, mode, status, used_at FROM approvals ORDER BY created_at, id",
  );
}

/** The x402 payments of `payer` in the store, oldest first. */
export function storedX402Payments(
  stateDir: string,
  payer: string,
): { nonce: string; amount: string; status: string; transaction_hash: string | null }[] {
  return query(
    stateDir,
    "x402_payments",
    "SELECT nonce, CAST(amount AS TEXT) AS amount, status, transaction_hash FROM x402_payments WHERE payer = ? ORDER BY created_at",
    payer.toLowerCase(),
  );
}
