// The signer's executions, per signer (lowercase) and flow id, for both engines: loaded oldest first, written whole
// (the record becomes the newest, the oldest ended ones beyond the limit dropped), durable where
// executionWriteIsDurable says.
import type { SqlEngine } from "../engine.js";
import { STORE_EXECUTION_LIMIT, type StoredExecution, type ToolServerStore } from "../types.js";
import { executionWriteIsDurable } from "./executionDurability.js";

const parse = (text: unknown): StoredExecution | undefined => {
  try {
    return JSON.parse(String(text)) as StoredExecution;
  } catch {
    return undefined;
  }
};

/** The store's execution methods over `engine`. @internal */
export function executionMethods(
  engine: SqlEngine,
): Pick<ToolServerStore, "loadExecutions" | "getExecution" | "putExecution" | "deleteExecution"> {
  return {
    loadExecutions: (signer, options = {}) =>
      engine.read(async (sql) =>
        (
          await sql.all(
            `SELECT record FROM executions WHERE signer = ?${options.open ? ` AND (state <> 'done' OR record LIKE '%"status":"pending"%')` : ""} ORDER BY seq`,
            [signer.toLowerCase()],
          )
        ).map((row) => JSON.parse(String(row.record)) as StoredExecution),
      ),
    getExecution: (signer, flowId) =>
      engine.read(async (sql) => {
        const row = await sql.get("SELECT record FROM executions WHERE signer = ? AND flow_id = ?", [
          signer.toLowerCase(),
          flowId,
        ]);
        return row === undefined ? undefined : (JSON.parse(String(row.record)) as StoredExecution);
      }),
    putExecution: async (signer, record) => {
      const key = signer.toLowerCase();
      const previous = await engine.read((sql) =>
        sql.get("SELECT record FROM executions WHERE signer = ? AND flow_id = ?", [key, record.flowId]),
      );
      const durable = executionWriteIsDurable(
        previous === undefined ? undefined : parse(previous.record),
        record,
      );
      await engine.write({ locks: [`preflow-executions:${key}`], durable }, async (sql) => {
        await sql.run(
          `INSERT INTO executions (signer, flow_id, seq, state, record, updated_at)
           VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM executions WHERE signer = ?), ?, ?, ?)
           ON CONFLICT (signer, flow_id) DO UPDATE SET state = excluded.state, record = excluded.record, updated_at = excluded.updated_at`,
          [key, record.flowId, key, record.state, JSON.stringify(record), Date.now()],
        );
        const count = Number(
          (await sql.get("SELECT COUNT(*) AS count FROM executions WHERE signer = ?", [key]))?.count ?? 0,
        );
        if (count > STORE_EXECUTION_LIMIT) {
          await sql.run(
            "DELETE FROM executions WHERE signer = ? AND flow_id IN (SELECT flow_id FROM executions WHERE signer = ? AND state = 'done' ORDER BY seq LIMIT ?)",
            [key, key, count - STORE_EXECUTION_LIMIT],
          );
        }
      });
    },
    deleteExecution: async (signer, flowId) => {
      await engine.write({ durable: false }, (sql) =>
        sql.run("DELETE FROM executions WHERE signer = ? AND flow_id = ?", [signer.toLowerCase(), flowId]),
      );
    },
  };
}
