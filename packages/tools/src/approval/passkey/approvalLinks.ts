// The one-time approval links of this process (with a passkey enrolled): when the MCP client cannot ask a person, or
// declines by itself, APPROVAL_REQUIRED carries the link of a loopback page where the person approves the exact flow
// with their passkey; the same flow executed again (the same execute_prepared_flow call, or send_token... while it
// prepares the very same flow) then finds the link approved and goes through, once. A link is keyed by the signer and
// the flow's id (flowIdentity: its content), holds the binding its digest was computed under (so the retry's flow
// must give the same digest), and lives until its expiry; the store records it like any other approval (asked,
// approved, used once). Links live in this process's memory: a restart closes their pages and forgets them.
import { ApprovalFlowChangedError } from "../../errors/approval.js";
import type { ApprovalBinding } from "../approvalDigest.js";

/** A link handed out in APPROVAL_REQUIRED. @internal */
export interface ApprovalLink {
  readonly key: string;
  readonly approvalId: string;
  readonly digest: `0x${string}`;
  readonly binding: ApprovalBinding;
  readonly url: string;
  /** Unix seconds: the page closes then; an approval given on it is void after `binding.expiresAt`. */
  readonly closesAt: number;
  /** `open` until the person approves with their passkey. */
  state: "open" | "approved";
}

const links = new Map<string, ApprovalLink>();

/** The key of a link, and of a flow-view approval (viewApprovals.ts): one per signer and flow. @internal */
export const approvalLinkKey = (signer: string, subjectId: string): string =>
  JSON.stringify([signer.toLowerCase(), subjectId]);

/** The live link under `key` (an open one until it closes, an approved one until its approval expires). @internal */
export function findApprovalLink(key: string, now = Date.now()): ApprovalLink | undefined {
  const link = links.get(key);
  if (!link) return undefined;
  const end = link.state === "open" ? link.closesAt : link.binding.expiresAt;
  if (end * 1_000 > now) return link;
  links.delete(key);
  return undefined;
}

/** Keeps `link` (replacing any earlier one under its key). @internal */
export function keepApprovalLink(link: ApprovalLink): void {
  links.set(link.key, link);
}

/** Forgets the link `approvalId` (taken, declined or closed); a newer link under the same key stays. @internal */
export function dropApprovalLink(key: string, approvalId: string): void {
  if (links.get(key)?.approvalId === approvalId) links.delete(key);
}

/** What APPROVAL_REQUIRED says of an open link: where, until when, and which tool opened it. @internal */
export const linkOf = (link: ApprovalLink, tool: string) => ({
  url: link.url,
  expiresAt: link.closesAt,
  tool,
});

/** The repeated call of an approved link: the same flow (its digest again), taken once. @internal */
export function takeApprovalLink(
  question: {
    subjectId: string;
    digestOf(binding: ApprovalLink["binding"]): `0x${string}`;
    context: { log(line: string): void };
  },
  link: ApprovalLink,
): ApprovalLink["binding"] & { flowId: string; digest: `0x${string}` } {
  dropApprovalLink(link.key, link.approvalId);
  const ref = { flowId: question.subjectId, approvalId: link.approvalId };
  if (question.digestOf(link.binding) !== link.digest) throw new ApprovalFlowChangedError(ref);
  question.context.log(`approval ${link.approvalId} of flow ${question.subjectId}: taken from its link`);
  return { ...link.binding, flowId: question.subjectId, digest: link.digest };
}
