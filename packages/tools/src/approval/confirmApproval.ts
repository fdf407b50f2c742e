// Just before signing: the approval given for a flow is used, once, for exactly that flow (its digest computed
// again from what is about to be signed), or the signing is refused.
import type { SerializedPreparedFlow } from "@preflow/core";
import {
  ApprovalDeclinedError,
  ApprovalExpiredError,
  ApprovalFlowChangedError,
  ApprovalReusedError,
  refusedBeforeSigning,
} from "../errors/approval.js";
import type { ApprovalContext as ToolContext } from "./approvalContext.js";
import { approvalDigest } from "./approvalDigest.js";
import type { ApprovalGrant } from "./requireApproval.js";

/**
 * Just before signing (in the signer's queue): the flow is byte for byte the one approved (its digest, computed again
 * from the flow about to be signed), and the store turns the approval into a used one, once, before it expires.
 * Throws an approval error otherwise (nothing signed). @internal
 */
export function confirmApproval(parameters: {
  context: Pick<ToolContext, "store">;
  grant: ApprovalGrant | undefined;
  flow: SerializedPreparedFlow;
}): Promise<void> {
  return useGrant(parameters).catch((error: unknown) => {
    throw refusedBeforeSigning(error);
  });
}

async function useGrant(parameters: Parameters<typeof confirmApproval>[0]): Promise<void> {
  const { context, grant, flow } = parameters;
  if (!grant) return;
  await useApprovalGrant({ context, grant, digest: approvalDigest(flow, grant) });
}

/**
 * Uses `grant` once for the thing whose digest (computed again from what is about to be signed) is `digest`;
 * throws an approval error otherwise. @internal
 */
export async function useApprovalGrant(parameters: {
  context: Pick<ToolContext, "store">;
  grant: ApprovalGrant;
  digest: `0x${string}`;
}): Promise<void> {
  const { context, grant, digest } = parameters;
  const ref = { flowId: grant.flowId, approvalId: grant.approvalId };
  if (digest !== grant.digest) throw new ApprovalFlowChangedError(ref);
  const store = await context.store();
  const now = Date.now();
  const used = await store.useApproval({ id: grant.approvalId, flowDigest: digest, now });
  if (used.ok) return;
  switch (used.reason) {
    case "used":
      throw new ApprovalReusedError({ ...ref, usedBy: used.approval?.flowId ?? grant.flowId });
    case "expired":
      throw new ApprovalExpiredError({ ...ref, waitedMs: now - (used.approval?.createdAt ?? now) });
    case "flow-mismatch":
      throw new ApprovalFlowChangedError(ref);
    default:
      throw new ApprovalDeclinedError({ ...ref, action: used.reason === "declined" ? "decline" : "cancel" });
  }
}
