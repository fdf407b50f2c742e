// The one set of rules of an approval's life, for both engines (each applies them inside a transaction that reads
// the row and writes the change): requested → approved | declined | expired; approved → used (once, for the exact
// flow, before it expires) | expired.
import type { ApprovalChange, ApprovalRecord } from "./types.js";

/** An approval as it is at `now`: a `requested` or `approved` one past its expiry is `expired`. @internal */
export function approvalAt(approval: ApprovalRecord, now: number): ApprovalRecord {
  if ((approval.status === "requested" || approval.status === "approved") && now >= approval.expiresAt) {
    return { ...approval, status: "expired" };
  }
  return approval;
}

/** The change a decision makes (or why not), from the stored record. @internal */
export function decideApprovalChange(
  stored: ApprovalRecord | undefined,
  decision: "approved" | "declined",
  now: number,
): ApprovalChange {
  if (!stored) return { ok: false, reason: "not-found", approval: undefined };
  const current = approvalAt(stored, now);
  if (current.status === "expired") return { ok: false, reason: "expired", approval: current };
  if (current.status !== "requested") return { ok: false, reason: "already-decided", approval: current };
  return { ok: true, approval: { ...current, status: decision, decidedAt: now } };
}

/** The change a use makes (or why not): only an approved, unexpired approval of the exact flow, once. @internal */
export function useApprovalChange(
  stored: ApprovalRecord | undefined,
  flowDigest: string,
  now: number,
): ApprovalChange {
  if (!stored) return { ok: false, reason: "not-found", approval: undefined };
  const current = approvalAt(stored, now);
  if (current.flowDigest.toLowerCase() !== flowDigest.toLowerCase()) {
    return { ok: false, reason: "flow-mismatch", approval: current };
  }
  switch (current.status) {
    case "approved":
      return { ok: true, approval: { ...current, status: "used", usedAt: now } };
    case "used":
      return { ok: false, reason: "used", approval: current };
    case "declined":
      return { ok: false, reason: "declined", approval: current };
    case "expired":
      return { ok: false, reason: "expired", approval: current };
    default:
      return { ok: false, reason: "not-approved", approval: current };
  }
}
