// Approvals offered in the flow view (MCP Apps, `ui://preflow/flow`), without an enrolled passkey: when the MCP client
// cannot ask a person (no elicitation, or not in the policy's mode) but renders MCP Apps, APPROVAL_REQUIRED carries an
// approval (its id, its code, its expiry) that the view shows beside the flow; the view's Approve button calls the
// app-only tool `approve_flow` with the flow, the id and the code, which executes the flow through the same stages,
// and the approval stage takes the view approval here: the same signer and flow (its digest again), the same id,
// the same code, before it lapses, once (the store decides it atomically; confirmApproval uses it once before
// signing). A wrong code closes it. The standing of such an approval is elicitation's: a host that ignores the tool's
// `visibility` lets the model call approve_flow too, so it is a convenience, not authentication (with a passkey
// enrolled the view opens the passkey link instead, and this file is not used). Kept in this process's memory, like
// the passkey links: a restart forgets them (the store still records each one).
import {
  ApprovalCodeMismatchError,
  ApprovalDeclinedError,
  ApprovalExpiredError,
  ApprovalFlowChangedError,
  ApprovalReusedError,
} from "../errors/approval.js";
import type { ToolServerStore } from "../store/types.js";
import { type ApprovalBinding, codeMatches, displayApprovalCode } from "./approvalDigest.js";

/** One approval offered in the flow view. @internal */
export interface ViewApproval {
  readonly key: string;
  readonly approvalId: string;
  readonly digest: `0x${string}`;
  readonly binding: ApprovalBinding;
  /** The raw code (40 bits of the digest, base32). */
  readonly code: string;
  /** What the view shows of the flow: its text preview and fee line. */
  readonly preview: string;
  readonly fee: string;
}

/** What APPROVAL_REQUIRED carries of a view approval (`details.approval`). @internal */
export interface ViewApprovalOffer {
  id: string;
  code: string;
  expiresAt: number;
  preview: string;
  fee: string;
}

/** What approve_flow presents: the approval's id and the code the view showed. @internal */
export interface ViewApprovalAnswer {
  approvalId: string;
  code: string;
}

const offered = new Map<string, ViewApproval>();

/** The open view approval under `key`, until it lapses. @internal */
export function findViewApproval(key: string, now = Date.now()): ViewApproval | undefined {
  const approval = offered.get(key);
  if (!approval) return undefined;
  if (approval.binding.expiresAt * 1_000 > now) return approval;
  offered.delete(key);
  return undefined;
}

/** Keeps `approval` (replacing an earlier one under its key). @internal */
export function keepViewApproval(approval: ViewApproval): void {
  offered.set(approval.key, approval);
}

/** What APPROVAL_REQUIRED says of a view approval. @internal */
export const offerOf = (approval: ViewApproval): ViewApprovalOffer => ({
  id: approval.approvalId,
  code: displayApprovalCode(approval.code),
  expiresAt: approval.binding.expiresAt,
  preview: approval.preview,
  fee: approval.fee,
});

/**
 * approve_flow's answer to the view approval of this flow: the same id, the same code, the same digest, decided
 * `approved` in the store once; resolves with the binding to sign under, rejects with the approval error (nothing is
 * signed). A wrong code closes the approval (declined). @internal
 */
export async function takeViewApproval(parameters: {
  key: string;
  subjectId: string;
  answer: ViewApprovalAnswer;
  digestOf: (binding: ApprovalBinding) => `0x${string}`;
  store: ToolServerStore;
  log(line: string): void;
}): Promise<ApprovalBinding & { flowId: string; digest: `0x${string}` }> {
  const { key, subjectId: flowId, answer, digestOf, store, log } = parameters;
  const ref = { flowId, approvalId: answer.approvalId };
  const approval = findViewApproval(key);
  if (!approval || approval.approvalId !== answer.approvalId) {
    const record = await store.getApproval(answer.approvalId);
    if (record && record.flowId !== flowId) throw new ApprovalFlowChangedError(ref);
    if (record && (record.status === "approved" || record.status === "used"))
      throw new ApprovalReusedError({ ...ref, usedBy: record.flowId });
    if (record?.status === "declined") throw new ApprovalDeclinedError({ ...ref, action: "decline" });
    throw new ApprovalExpiredError({ ...ref, waitedMs: 0 });
  }
  offered.delete(key);
  if (digestOf(approval.binding) !== approval.digest) throw new ApprovalFlowChangedError(ref);
  if (!codeMatches(approval.code, answer.code)) {
    await store.decideApproval({ id: approval.approvalId, decision: "declined", now: Date.now() });
    log(`approval ${approval.approvalId} of flow ${flowId}: wrong code in the flow view (closed)`);
    throw new ApprovalCodeMismatchError({ ...ref, typed: answer.code });
  }
  const decided = await store.decideApproval({
    id: approval.approvalId,
    decision: "approved",
    now: Date.now(),
  });
  if (!decided.ok) {
    if (decided.reason === "expired") throw new ApprovalExpiredError({ ...ref, waitedMs: 0 });
    throw new ApprovalReusedError({ ...ref, usedBy: flowId });
  }
  log(`approval ${approval.approvalId} of flow ${flowId}: approved in the flow view`);
  return { ...approval.binding, flowId, digest: approval.digest };
}
