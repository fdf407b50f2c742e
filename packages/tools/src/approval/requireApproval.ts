// The approval step of an executing tool, between the policy check and signing (executeFlow.ts calls it): when
// the flow spends more than the policy's `approval.above` of a token, a person approves this exact flow through the
// MCP client, in the policy's mode, within the approval's time; otherwise a typed refusal and nothing is sent.
// confirmApproval (just before signing, in the signer's queue) checks the flow is the one approved and uses the
// approval, once.
import { randomUUID } from "node:crypto";
import type { SerializedPreparedFlow } from "@preflow/core";
import {
  ApprovalCodeMismatchError,
  ApprovalDeclinedError,
  ApprovalExpiredError,
  ApprovalFlowChangedError,
  ApprovalRequiredError,
  ApprovalReusedError,
} from "../errors/approval.js";
import type { PolicyCheck } from "../policy/checkPolicy.js";
import { toSnakeCase } from "../server/toolResult.js";
import type { ToolCall, ToolContext, ToolRuntime } from "../tools/context.js";
import type { ApprovalBook, ApprovalRecord } from "./approvalBook.js";
import {
  approvalCode,
  approvalDigest,
  codeMatches,
  displayApprovalCode,
  parseApprovalCode,
} from "./approvalDigest.js";
import { approvalMessage, approvalText } from "./approvalMessage.js";
import { approvalWaitMs } from "./approvalWaitMs.js";
import { describeOverThreshold, overThreshold } from "./overThreshold.js";

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
export async function requireApproval(
  parameters: RequireApprovalParameters,
): Promise<ApprovalGrant | undefined> {
  const { context, runtime, call, flow, flowId, check } = parameters;
  const policy = runtime.policy;
  const approval = policy?.approval;
  const book = context.approvals;
  if (!policy || !approval || !check || !book) return undefined;
  const over = overThreshold(approval, check);
  if (over.length === 0) return undefined;
  const overText = over.map((entry) => describeOverThreshold(entry, runtime.core.formatAmount));
  const modes = call.human?.modes() ?? [];
  const human = call.human;
  if (!human || !modes.includes(approval.mode)) {
    throw new ApprovalRequiredError({
      flowId,
      flow: toSnakeCase(flow),
      mode: approval.mode,
      clientModes: modes,
      over: overText,
    });
  }
  const waitMs = approvalWaitMs(approval.timeoutSeconds, call.deadline, context.toolTimeoutMs);
  const askedAt = Date.now();
  const approvalId = randomUUID();
  const policyVersion = policy.version ?? "none";
  const expiresAt = Math.ceil((askedAt + waitMs + SIGNING_GRACE_MS) / 1_000);
  const digest = approvalDigest(flow, { approvalId, policyVersion, expiresAt });
  const code = approvalCode(digest);
  const record: ApprovalRecord = {
    approvalId,
    flowId,
    digest,
    code,
    mode: approval.mode,
    signer: flow.from.toLowerCase(),
    askedAt,
    expiresAt,
    state: "asked",
    over: overText,
  };
  book.add(record);
  const text = approvalText(runtime.core, flow, {
    over: overText,
    flowId,
    approvalId,
    code: displayApprovalCode(code),
    waitSeconds: Math.floor(waitMs / 1_000),
  });
  const ref = { flowId, approvalId };
  const refuse = (error: Error, state: "declined" | "expired" | "refused"): never => {
    book.settle(approvalId, state);
    context.log(`approval ${approvalId} of flow ${flowId}: ${state}`);
    throw error;
  };
  const late = () => Date.now() - askedAt > waitMs;
  const grant: ApprovalGrant = { approvalId, flowId, digest, policyVersion, expiresAt };
  context.log(
    `approval ${approvalId} of flow ${flowId}: asked (${approval.mode} mode, ${Math.floor(waitMs / 1_000)} s)`,
  );

  if (approval.mode === "form") {
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
              description: `Type ${text.code} to approve flow ${flowId.slice(0, 12)}…`,
              minLength: 8,
              maxLength: 16,
            },
          },
          required: ["code"],
        },
      },
      waitMs,
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
      const parsed = parseApprovalCode(typed);
      const earlier = parsed === undefined ? undefined : book.byCode(parsed, approvalId);
      if (earlier) return refuse(new ApprovalReusedError({ ...ref, usedBy: earlier.flowId }), "refused");
      return refuse(
        new ApprovalCodeMismatchError({ ...ref, typed: typeof typed === "string" ? typed : String(typed) }),
        "refused",
      );
    }
    book.settle(approvalId, "approved");
    context.log(`approval ${approvalId} of flow ${flowId}: approved`);
    return grant;
  }

  const { openApprovalPage } = await import("./approvalPage.js");
  const page = await openApprovalPage(text);
  try {
    const answer = await ask(
      human,
      call,
      {
        mode: "url",
        message: approvalMessage(text, "url"),
        url: page.url,
        elicitationId: approvalId,
      },
      waitMs,
    );
    if (answer === "timeout")
      return refuse(new ApprovalExpiredError({ ...ref, waitedMs: waitMs }), "expired");
    if (answer === "aborted" || answer.action !== "accept") {
      return refuse(
        new ApprovalDeclinedError({
          ...ref,
          action: answer !== "aborted" && answer.action === "decline" ? "decline" : "cancel",
        }),
        "declined",
      );
    }
    const decision = await page.decision(waitMs - (Date.now() - askedAt), call.signal);
    await human.complete(approvalId);
    if (decision === "expired" || late())
      return refuse(new ApprovalExpiredError({ ...ref, waitedMs: waitMs }), "expired");
    if (decision !== "approve") {
      return refuse(
        new ApprovalDeclinedError({ ...ref, action: decision === "decline" ? "decline" : "cancel" }),
        "declined",
      );
    }
    book.settle(approvalId, "approved");
    context.log(`approval ${approvalId} of flow ${flowId}: approved on the page`);
    return grant;
  } finally {
    await page.close();
  }
}

/** Sends the question; `"timeout"` when no answer came in time, `"aborted"` when the tool call was cancelled. */
async function ask(
  human: NonNullable<ToolCall["human"]>,
  call: ToolCall,
  params: Parameters<NonNullable<ToolCall["human"]>["ask"]>[0],
  waitMs: number,
): Promise<import("@modelcontextprotocol/sdk/types.js").ElicitResult | "timeout" | "aborted"> {
  if (waitMs <= 0) return "timeout";
  try {
    return await human.ask(params, { timeoutMs: waitMs, signal: call.signal });
  } catch (error) {
    if (call.signal.aborted) return "aborted";
    // McpError RequestTimeout (-32001): no answer within waitMs (the SDK cancelled the request at the client).
    if ((error as { code?: unknown })?.code === -32001) return "timeout";
    // The client failed to ask (an error answer, a malformed result): no approval.
    return "aborted";
  }
}

/**
 * Just before signing: the flow is byte for byte the one approved (its digest), the approval has not expired, and it
 * is used now, once. Throws an approval error otherwise (nothing signed). @internal
 */
export function confirmApproval(parameters: {
  book: ApprovalBook | undefined;
  grant: ApprovalGrant | undefined;
  flow: SerializedPreparedFlow;
}): void {
  const { book, grant, flow } = parameters;
  if (!grant || !book) return;
  const ref = { flowId: grant.flowId, approvalId: grant.approvalId };
  const digest = approvalDigest(flow, grant);
  if (digest !== grant.digest) throw new ApprovalFlowChangedError(ref);
  if (Date.now() > grant.expiresAt * 1_000) {
    book.settle(grant.approvalId, "expired");
    throw new ApprovalExpiredError({
      ...ref,
      waitedMs: Date.now() - (book.get(grant.approvalId)?.askedAt ?? Date.now()),
    });
  }
  const used = book.use(grant.approvalId, digest);
  if (used === "used") throw new ApprovalReusedError({ ...ref, usedBy: grant.flowId });
  if (used !== "ok") throw new ApprovalFlowChangedError(ref);
}

/**
 * A signer queue whose jobs join it only once `approval` is settled (a person's answer never holds up the signer's
 * other executions); a refused approval rejects the job without running it. @internal
 */
export function afterApproval(
  approval: Promise<unknown>,
  queue: { run<T>(signer: string, job: () => Promise<T>): Promise<T> },
): { run<T>(signer: string, job: () => Promise<T>): Promise<T> } {
  return { run: (signer, job) => approval.then(() => queue.run(signer, job)) };
}
