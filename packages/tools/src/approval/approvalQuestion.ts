// One question to a person, recorded: what it approves (a flow, an x402 payment), its id, code, expiry and text, and
// its store record (asked, then decided once). requireApproval.ts asks it in the policy's mode, on a passkey link or
// in the flow view.
import { randomUUID } from "node:crypto";
import { ApprovalExpiredError, ApprovalReusedError } from "../errors/approval.js";
import type { ToolServerStore } from "../store/types.js";
import type {
  ApprovalCall as ToolCall,
  ApprovalContext as ToolContext,
  ApprovalRuntime as ToolRuntime,
} from "./approvalContext.js";
import { type ApprovalBinding, approvalCode, displayApprovalCode } from "./approvalDigest.js";
import type { ApprovalText } from "./approvalMessage.js";
import type { PagePasskey } from "./approvalPage.js";
import { approvalWaitMs } from "./approvalWaitMs.js";
import type { AskOptions } from "./humanChannel.js";
import { rememberCode } from "./issuedCodes.js";
import type { ApprovalMode } from "./readApprovalSection.js";
import type { ViewApprovalOffer } from "./viewApprovals.js";

/** An approval given for one flow: presented to {@link confirmApproval} before signing. @internal */
export interface ApprovalGrant {
  approvalId: string;
  flowId: string;
  digest: `0x${string}`;
  policyVersion: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** Time kept after the question for the signer's queue and the signing (the approval is void after it). */
const SIGNING_GRACE_MS = 60_000;
/** One question to a person, whatever it approves (a flow, an x402 payment). @internal */
export interface ApprovalQuestion {
  context: ToolContext;
  runtime: ToolRuntime;
  call: ToolCall;
  /** The flow's id, or `x402:<nonce>` for a payment: what the approval is recorded under. */
  subjectId: string;
  /** What is above the threshold, one line per token. */
  over: string[];
  /** The digest of the exact thing approved under a binding. */
  digestOf: (binding: ApprovalBinding) => `0x${string}`;
  /** What the person reads. */
  describe: Pick<ApprovalText, "preview" | "fee" | "calls" | "subject">;
  /** The signer's address (a passkey challenge binds it). */
  signer: string;
  /**
   * Whether the same tool call repeated asks for the same thing (a flow: yes; an x402 payment carries a fresh nonce
   * each time: no), so an approval link in APPROVAL_REQUIRED can serve it.
   */
  linkable?: boolean;
  /** The refusal when the client cannot ask in the policy's mode (with the approval link, when one was opened). */
  required: (
    mode: ApprovalMode,
    clientModes: ApprovalMode[],
    more?: {
      link?: { url: string; expiresAt: number; tool: string };
      clientDeclined?: boolean;
      view?: ViewApprovalOffer;
    },
  ) => Error;
}

/** A question asked and recorded: what the two modes share. @internal */
export interface AskedQuestion {
  human: NonNullable<ToolCall["human"]>;
  /** With a passkey enrolled: what Approve on the page needs. */
  passkey?: PagePasskey;
  call: ToolCall;
  store: ToolServerStore;
  flowId: string;
  approvalId: string;
  code: string;
  text: ApprovalText;
  ref: { flowId: string; approvalId: string };
  waitMs: number;
  /** What the answer is bound to (the question's id and the digest of the exact thing approved). */
  binding: NonNullable<AskOptions["binding"]>;
  /** Ends the question without a yes (typed error thrown). */
  refuse(error: Error, state: "declined" | "expired" | "refused"): Promise<never>;
  /** Records the yes and resolves with the grant (or refuses when the store says it came too late or was used). */
  approve(how: string): Promise<ApprovalGrant>;
  /** Whether the answer came after the wait. */
  late(): boolean;
}

/** Records the question in the store and prepares its text (asked through the client, on a link or in the flow view). @internal */
export async function createQuestion(
  question: ApprovalQuestion,
  options: {
    mode: ApprovalMode | "view";
    waitMs?: number;
    page?: (asked: { digest: `0x${string}`; approvalId: string }) => PagePasskey;
  },
): Promise<Omit<AskedQuestion, "human"> & { grant: ApprovalGrant }> {
  const { context, runtime, call, subjectId: flowId } = question;
  const policy = runtime.policy;
  const approval = policy?.approval;
  if (!policy || !approval) throw new Error("askApproval needs the policy's approval section");
  const waitMs =
    options.waitMs ?? approvalWaitMs(approval.timeoutSeconds, call.deadline, context.toolTimeoutMs);
  const askedAt = Date.now();
  const approvalId = randomUUID();
  const policyVersion = policy.version ?? "none";
  const expiresAt = Math.ceil((askedAt + waitMs + SIGNING_GRACE_MS) / 1_000);
  const digest = question.digestOf({ approvalId, policyVersion, expiresAt });
  const code = approvalCode(digest);
  // Recorded before the question: the store keeps every approval asked, decided and used (across restarts).
  const store = await context.store();
  await store.createApproval({
    id: approvalId,
    flowDigest: digest,
    flowId,
    mode: options.mode,
    createdAt: askedAt,
    expiresAt: expiresAt * 1_000,
  });
  rememberCode(code, { approvalId, flowId });
  const text: ApprovalText = {
    ...question.describe,
    over: question.over,
    flowId,
    approvalId,
    code: displayApprovalCode(code),
    waitSeconds: Math.floor(waitMs / 1_000),
  };
  const ref = { flowId, approvalId };
  const refuse = async (error: Error, state: "declined" | "expired" | "refused"): Promise<never> => {
    // A question that ended without a yes can never be approved afterwards (an expired one lapses by its time).
    if (state !== "expired")
      await store.decideApproval({ id: approvalId, decision: "declined", now: Date.now() });
    context.log(`approval ${approvalId} of flow ${flowId}: ${state}`);
    throw error;
  };
  const approve = async (how: string): Promise<ApprovalGrant> => {
    const decided = await store.decideApproval({ id: approvalId, decision: "approved", now: Date.now() });
    if (!decided.ok) {
      return refuse(
        decided.reason === "expired"
          ? new ApprovalExpiredError({ ...ref, waitedMs: waitMs })
          : new ApprovalReusedError({ ...ref, usedBy: flowId }),
        "refused",
      );
    }
    context.log(`approval ${approvalId} of flow ${flowId}: approved ${how}`);
    return grant;
  };
  const late = () => Date.now() - askedAt > waitMs;
  const grant: ApprovalGrant = { approvalId, flowId, digest, policyVersion, expiresAt };
  context.log(
    `approval ${approvalId} of flow ${flowId}: asked (${options.mode} mode, ${Math.floor(waitMs / 1_000)} s)`,
  );
  const passkey = options.page?.({ digest, approvalId });
  return {
    ...(passkey ? { passkey } : {}),
    call,
    store,
    flowId,
    approvalId,
    code,
    text,
    ref,
    waitMs,
    binding: { approvalId, subjectId: flowId, digest },
    refuse,
    approve,
    late,
    grant,
  };
}
