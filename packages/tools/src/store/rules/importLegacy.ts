// The JSON files of earlier versions, imported once per file name in one durable transaction (rows whose keys exist
// are left as they are), for both engines.
import type { SqlEngine } from "../engine.js";
import { legacySpendValues } from "../storeRows.js";
import type { LegacyImport } from "../types.js";

/** Imports `legacy` once; resolves `false`, writing nothing, when its name was imported before. @internal */
export function importLegacy(engine: SqlEngine, legacy: LegacyImport): Promise<boolean> {
  return engine.write({ durable: true }, async (sql) => {
    const inserted = await sql.run(
      "INSERT INTO imports (name, imported_at, detail) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
      [legacy.name, Date.now(), legacy.detail],
    );
    if (inserted === 0) return false;
    for (const { signer, record } of legacy.executions) {
      const key = signer.toLowerCase();
      await sql.run(
        `INSERT INTO executions (signer, flow_id, seq, state, record, updated_at)
         VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM executions WHERE signer = ?), ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [key, record.flowId, key, record.state, JSON.stringify(record), Date.now()],
      );
    }
    for (const row of legacy.spends) {
      await sql.run(
        "INSERT INTO spends (signer, spend_key, token, fee, amount, at, hash, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        legacySpendValues(row, legacy.name),
      );
    }
    return true;
  });
}
