// The approval step of an executing tool, between the policy check and signing (executeFlow.ts calls it): when
// the flow spends more than the policy's `approval.above` of a token, a person approves this exact flow through the
// MCP client, in the policy's mode, within the approval's time; otherwise a typed refusal and nothing is sent.
// confirmApproval (just before signing, in the signer's queue) checks the flow is the one approved and uses the
// approval, once.
import type { SerializedPreparedFlow } from "@preflow/core";
import {
  ApprovalCodeMismatchError,
  ApprovalDeclinedError,
  ApprovalExpiredError,
  ApprovalRequiredError,
  ApprovalReusedError,
  refusedBeforeSigning,
} from "../errors/approval.js";
import type { PolicyCheck } from "../policy/checkPolicy.js";
import { toSnakeCase } from "../schemas/caseKeys.js";
import { defaultStateDir } from "../state/defaultStateDir.js";
import type {
  ApprovalCall as ToolCall,
  ApprovalContext as ToolContext,
  ApprovalRuntime as ToolRuntime,
} from "./approvalContext.js";
import { approvalDigest, codeMatches, parseApprovalCode } from "./approvalDigest.js";
import { approvalMessage, approvalText } from "./approvalMessage.js";
import type { PagePasskey } from "./approvalPage.js";
import {
  type ApprovalGrant,
  type ApprovalQuestion,
  type AskedQuestion,
  createQuestion,
} from "./approvalQuestion.js";
import { ask, replayed } from "./askClient.js";

export type { ApprovalGrant, ApprovalQuestion } from "./approvalQuestion.js";

import { describeOverThreshold, overThreshold } from "./overThreshold.js";
import {
  type ApprovalLink,
  approvalLinkKey,
  dropApprovalLink,
  findApprovalLink,
  keepApprovalLink,
  linkOf,
  takeApprovalLink,
} from "./passkey/approvalLinks.js";
import { approvalPagePasskey } from "./passkey/passkeyCeremony.js";
import { type EnrolledPasskey, readPasskey } from "./passkey/passkeyFile.js";
import { type ApprovalMode, DEFAULT_LINK_SECONDS } from "./readApprovalSection.js";
import { findViewApproval, keepViewApproval, offerOf, takeViewApproval } from "./viewApprovals.js";

/** Parameters of {@link requireApproval}. @internal */
export interface RequireApprovalParameters {
  context: ToolContext;
  runtime: ToolRuntime;
  call: ToolCall;
  flow: SerializedPreparedFlow;
  flowId: string;
  /** The policy's check of the steps about to be signed (its spend count decides). */
  check: PolicyCheck | undefined;
}

/**
 * Asks a person to approve the flow when it spends more than `approval.above`; resolves with the grant (or
 * `undefined` when no approval is needed), rejects with an approval error (nothing sent). @internal
 */
export function requireApproval(parameters: RequireApprovalParameters): Promise<ApprovalGrant | undefined> {
  return askForApproval(parameters).catch((error: unknown) => {
    throw refusedBeforeSigning(error);
  });
}

async function askForApproval(parameters: RequireApprovalParameters): Promise<ApprovalGrant | undefined> {
  const { runtime, flow, flowId, check } = parameters;
  const approval = runtime.policy?.approval;
  if (!approval || !check) return undefined;
  const over = overThreshold(approval, check);
  if (over.length === 0) return undefined;
  const overText = over.map((entry) => describeOverThreshold(entry, runtime.core.formatAmount));
  const { preview, fee, calls } = approvalText(runtime.core, flow, {
    over: overText,
    flowId,
    approvalId: "",
    code: "",
    waitSeconds: 0,
  });
  return askApproval({
    ...parameters,
    subjectId: flowId,
    over: overText,
    signer: flow.from,
    linkable: true,
    digestOf: (binding) => approvalDigest(flow, binding),
    describe: { preview, fee, calls },
    required: (mode, clientModes, more) =>
      new ApprovalRequiredError({
        flowId,
        flow: toSnakeCase(flow),
        mode,
        clientModes,
        over: overText,
        ...more,
      }),
  });
}

/**
 * Asks the question in the policy's mode and records it in the store; resolves with the grant, rejects with an
 * approval error (the caller marks it as before signing). @internal
 */
export async function askApproval(question: ApprovalQuestion): Promise<ApprovalGrant> {
  const stateDir = question.context.stateDir ?? defaultStateDir();
  const passkey = readPasskey(stateDir);
  if (passkey) return askWithPasskey(question, stateDir, passkey);
  if (question.linkable && question.call.viewApproval) return answerInView(question);
  const asked = await recordQuestion(question);
  return question.runtime.policy?.approval?.mode === "form" ? askInForm(asked) : askOnPage(asked);
}

/**
 * With a passkey enrolled every approval is the person's passkey on the loopback page: through the client's URL mode
 * when it has one (form mode cannot carry a passkey), else (or when the client declines by itself) through a one-time
 * link in APPROVAL_REQUIRED that the same call, repeated, finds approved.
 */
async function askWithPasskey(
  question: ApprovalQuestion,
  stateDir: string,
  passkey: EnrolledPasskey,
): Promise<ApprovalGrant> {
  const { call, runtime } = question;
  const approval = runtime.policy?.approval;
  if (!approval) throw new Error("askApproval needs the policy's approval section");
  const tool = call.tool ?? "the tool";
  const key = approvalLinkKey(question.signer, question.subjectId);
  const modes = call.human?.modes() ?? [];
  let linked = question.linkable ? findApprovalLink(key) : undefined;
  // A link asked under another version of the policy file is void: the person approved under other rules.
  if (linked && linked.binding.policyVersion !== (runtime.policy?.version ?? "none")) {
    dropApprovalLink(key, linked.approvalId);
    linked = undefined;
  }
  if (linked?.state === "approved") return takeApprovalLink(question, linked);
  if (linked) throw question.required(approval.mode, modes, { link: linkOf(linked, tool) });
  const page = approvalPagePasskey({ stateDir, passkey, tool, signer: question.signer });
  const openLink = async (clientDeclined: boolean): Promise<never> => {
    if (!question.linkable) throw question.required(approval.mode, modes, { clientDeclined });
    const link = await openApprovalLink(question, key, page);
    throw question.required(approval.mode, modes, { link: linkOf(link, tool), clientDeclined });
  };
  if (!call.human || !modes.includes("url")) return openLink(false);
  const asked = await createQuestion(question, { mode: "url", page });
  return askOnPage({ ...asked, human: call.human }, () => openLink(true));
}

/**
 * Opens a one-time link page for the question (recorded in the store like any approval) and keeps it; the page's
 * answer, whenever it comes, is recorded: approved (the link then serves the repeated call) or declined.
 */
async function openApprovalLink(
  question: ApprovalQuestion,
  key: string,
  page: (asked: { digest: `0x${string}`; approvalId: string }) => PagePasskey,
): Promise<ApprovalLink> {
  const { context, runtime, subjectId: flowId } = question;
  const approval = runtime.policy?.approval;
  const lifetimeMs = (approval?.linkSeconds ?? DEFAULT_LINK_SECONDS) * 1_000;
  const created = await createQuestion(question, { mode: "url", page, waitMs: lifetimeMs });
  const { store, approvalId, text, grant } = created;
  const { openApprovalPage } = await import("./approvalPage.js");
  // The answer is recorded before the page shows it: the person's next word to the model may be "done".
  const recordAnswer = async (decision: "approve" | "decline"): Promise<boolean> => {
    if (decision === "decline") {
      dropApprovalLink(key, approvalId);
      await store.decideApproval({ id: approvalId, decision: "declined", now: Date.now() });
      return true;
    }
    const decided = await store.decideApproval({ id: approvalId, decision: "approved", now: Date.now() });
    if (!decided.ok) return false;
    link.state = "approved";
    context.log(`approval ${approvalId} of flow ${flowId}: approved with the passkey on its link`);
    return true;
  };
  const opened = await openApprovalPage(text, created.passkey && { ...created.passkey, recordAnswer });
  const link: ApprovalLink = {
    key,
    approvalId,
    digest: grant.digest,
    binding: { approvalId, policyVersion: grant.policyVersion, expiresAt: grant.expiresAt },
    url: opened.url,
    closesAt: Math.floor((Date.now() + lifetimeMs) / 1_000),
    state: "open",
  };
  keepApprovalLink(link);
  context.log(`approval ${approvalId} of flow ${flowId}: link opened (${lifetimeMs / 1_000} s)`);
  void opened
    .decision(lifetimeMs, new AbortController().signal)
    .then(async (decision) => {
      // An approval keeps the link for the repeated call (until its approval expires); anything else closes it.
      if (decision === "approve" && link.state === "approved") return;
      dropApprovalLink(key, approvalId);
      context.log(`approval ${approvalId} of flow ${flowId}: link closed (${decision})`);
    })
    .catch(() => dropApprovalLink(key, approvalId));
  return link;
}

/** Checks the client can ask, records the question in the store and prepares its text. */
async function recordQuestion(question: ApprovalQuestion): Promise<AskedQuestion> {
  const { call, runtime } = question;
  const approval = runtime.policy?.approval;
  if (!approval) throw new Error("askApproval needs the policy's approval section");
  const modes = call.human?.modes() ?? [];
  const human = call.human;
  if (!human || !modes.includes(approval.mode)) {
    if (call.apps && question.linkable) return offerInView(question, modes);
    throw question.required(approval.mode, modes);
  }
  return { ...(await createQuestion(question, { mode: approval.mode })), human };
}

/**
 * A client that cannot ask but renders the flow view: the view shows the approval (its code) beside the flow and its
 * Approve button calls approve_flow (viewApprovals.ts); the same open approval is offered again until it lapses.
 */
async function offerInView(question: ApprovalQuestion, modes: ApprovalMode[]): Promise<never> {
  const approval = question.runtime.policy?.approval;
  if (!approval) throw new Error("askApproval needs the policy's approval section");
  const key = approvalLinkKey(question.signer, question.subjectId);
  const open = findViewApproval(key);
  if (open && open.binding.policyVersion === (question.runtime.policy?.version ?? "none"))
    throw question.required(approval.mode, modes, { view: offerOf(open) });
  const waitMs = (approval.linkSeconds ?? DEFAULT_LINK_SECONDS) * 1_000;
  const created = await createQuestion(question, { mode: "view", waitMs });
  const { grant, text } = created;
  const offer = {
    key,
    approvalId: grant.approvalId,
    digest: grant.digest,
    binding: { approvalId: grant.approvalId, policyVersion: grant.policyVersion, expiresAt: grant.expiresAt },
    code: created.code,
    preview: text.preview,
    fee: text.fee,
  };
  keepViewApproval(offer);
  throw question.required(approval.mode, modes, { view: offerOf(offer) });
}

/** approve_flow: the view's Approve button, taken against the approval the view showed (viewApprovals.ts). */
async function answerInView(question: ApprovalQuestion): Promise<ApprovalGrant> {
  const { context, runtime, call, subjectId } = question;
  const answer = call.viewApproval;
  if (!answer) throw new Error("answerInView needs the view's answer");
  const taken = await takeViewApproval({
    key: approvalLinkKey(question.signer, subjectId),
    subjectId,
    answer,
    digestOf: question.digestOf,
    store: await context.store(),
    log: (line) => context.log(line),
  });
  if (taken.policyVersion !== (runtime.policy?.version ?? "none"))
    throw new ApprovalExpiredError({ flowId: subjectId, approvalId: taken.approvalId, waitedMs: 0 });
  return {
    approvalId: taken.approvalId,
    flowId: subjectId,
    digest: taken.digest,
    policyVersion: taken.policyVersion,
    expiresAt: taken.expiresAt,
  };
}

/** Form mode: the person types the flow's code in the client's form. */
async function askInForm(asked: AskedQuestion): Promise<ApprovalGrant> {
  const { human, call, store, flowId, approvalId, code, text, ref, waitMs, binding, refuse, approve, late } =
    asked;
  const answer = await ask(
    human,
    call,
    {
      mode: "form",
      message: approvalMessage(text, "form"),
      requestedSchema: {
        type: "object",
        properties: {
          code: {
            type: "string",
            title: "Approval code",
            // No length rules: the client would refuse a short answer itself, and a wrong code is ours to name.
            description: `The 8-character code shown above, to approve flow ${flowId.slice(0, 12)}…`,
          },
        },
        required: ["code"],
      },
    },
    waitMs,
    binding,
  );
  if (answer === "timeout" || late())
    return refuse(new ApprovalExpiredError({ ...ref, waitedMs: waitMs }), "expired");
  if (answer === "aborted" || answer.action !== "accept") {
    return refuse(
      new ApprovalDeclinedError({
        ...ref,
        action: answer === "aborted" ? "cancel" : answer.action === "decline" ? "decline" : "cancel",
      }),
      "declined",
    );
  }
  const typed = answer.content?.code;
  if (!codeMatches(code, typed)) {
    const earlier = await replayed(store, parseApprovalCode(typed), approvalId);
    if (earlier) return refuse(new ApprovalReusedError({ ...ref, usedBy: earlier.flowId }), "refused");
    return refuse(
      new ApprovalCodeMismatchError({ ...ref, typed: typeof typed === "string" ? typed : String(typed) }),
      "refused",
    );
  }
  return approve("with its code");
}

/**
 * URL mode: the person answers on the local approval page the client opens (with their passkey when one is enrolled).
 * `clientRefused`, when given, answers a client that declines or fails before the page is answered (the question is
 * closed first).
 */
async function askOnPage(asked: AskedQuestion, clientRefused?: () => Promise<never>): Promise<ApprovalGrant> {
  const { human, call, store, approvalId, text, ref, waitMs, binding, refuse, approve, late } = asked;
  const { openApprovalPage } = await import("./approvalPage.js");
  const page = await openApprovalPage(text, asked.passkey);
  try {
    // The page's answer counts whenever it comes: some clients answer the question only once the person is done.
    const decided = page.decision(waitMs, call.signal);
    const asking = ask(
      human,
      call,
      { mode: "url", message: approvalMessage(text, "url"), url: page.url, elicitationId: approvalId },
      waitMs,
      binding,
    );
    const first = await Promise.race([decided.then(() => undefined), asking.then((answer) => ({ answer }))]);
    // The client said no (or could not ask) before the page was answered: the page closes unanswered.
    if (first !== undefined && first.answer !== "timeout") {
      const answer = first.answer;
      if (clientRefused && !call.signal.aborted && (answer === "aborted" || answer.action !== "accept")) {
        await store.decideApproval({ id: approvalId, decision: "declined", now: Date.now() });
        return clientRefused();
      }
      if (answer === "aborted" || answer.action !== "accept") {
        return refuse(
          new ApprovalDeclinedError({
            ...ref,
            action: answer !== "aborted" && answer.action === "decline" ? "decline" : "cancel",
          }),
          "declined",
        );
      }
    }
    const decision = await decided;
    await human.complete(approvalId);
    if (decision === "expired" || late())
      return refuse(new ApprovalExpiredError({ ...ref, waitedMs: waitMs }), "expired");
    if (decision !== "approve") {
      return refuse(
        new ApprovalDeclinedError({ ...ref, action: decision === "decline" ? "decline" : "cancel" }),
        "declined",
      );
    }
    return approve("on the page");
  } finally {
    await page.close();
  }
}
