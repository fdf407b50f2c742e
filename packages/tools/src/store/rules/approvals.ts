// Approvals for both engines: created `requested`, decided once, used once for the exact flow (approvalRules.ts says
// how the record changes; here each change is read and written in one transaction serialised on the approval). A
// decision is durable (a person's act is not undone by a power loss); a use is not: the flow's write-ahead record or
// the x402 payment's reservation (durable, later in the same log) carries it to disk before anything leaves.
import { decideApprovalChange, useApprovalChange } from "../approvalRules.js";
import type { SqlEngine, Statements } from "../engine.js";
import { approvalFromRow } from "../storeRows.js";
import type { ApprovalChange, ApprovalRecord, ToolServerStore } from "../types.js";

async function approvalIn(sql: Statements, id: string): Promise<ApprovalRecord | undefined> {
  const row = await sql.get("SELECT * FROM approvals WHERE id = ?", [id]);
  return row === undefined ? undefined : approvalFromRow(row);
}

/** Applies `decide` to the approval `id` in one transaction, writing the change (or its lapse to `expired`). */
function changeApproval(
  engine: SqlEngine,
  id: string,
  durable: boolean,
  decide: (stored: ApprovalRecord | undefined) => ApprovalChange,
): Promise<ApprovalChange> {
  return engine.write({ locks: [`preflow-approval:${id}`], durable }, async (sql) => {
    const change = decide(await approvalIn(sql, id));
    if (change.ok || change.approval?.status === "expired") {
      const record = change.approval as ApprovalRecord;
      await sql.run("UPDATE approvals SET status = ?, decided_at = ?, used_at = ? WHERE id = ?", [
        record.status,
        record.decidedAt,
        record.usedAt,
        record.id,
      ]);
    }
    return change;
  });
}

/** The store's approval methods over `engine`. @internal */
export function approvalMethods(
  engine: SqlEngine,
): Pick<
  ToolServerStore,
  "createApproval" | "getApproval" | "decideApproval" | "useApproval" | "expireApprovals"
> {
  return {
    createApproval: (input) =>
      engine.write({ durable: false }, async (sql) => {
        await sql.run(
          "INSERT INTO approvals (id, flow_digest, flow_id, mode, status, created_at, expires_at, decided_at, used_at) VALUES (?, ?, ?, ?, 'requested', ?, ?, NULL, NULL)",
          [input.id, input.flowDigest, input.flowId, input.mode, input.createdAt, input.expiresAt],
        );
        return (await approvalIn(sql, input.id)) as ApprovalRecord;
      }),
    getApproval: (id) => engine.read((sql) => approvalIn(sql, id)),
    decideApproval: ({ id, decision, now }) =>
      changeApproval(engine, id, true, (stored) => decideApprovalChange(stored, decision, now)),
    useApproval: ({ id, flowDigest, now }) =>
      changeApproval(engine, id, false, (stored) => useApprovalChange(stored, flowDigest, now)),
    expireApprovals: (now) =>
      engine.write({ durable: false }, (sql) =>
        sql.run(
          "UPDATE approvals SET status = 'expired' WHERE status IN ('requested', 'approved') AND expires_at <= ?",
          [now],
        ),
      ),
  };
}
