import { ToolsError } from "./base.js";

/**
 * The flow spends more than the policy's `approval.above` and the MCP client cannot ask a person (no `elicitation`
 * capability, or not the mode the policy asks for). Nothing was signed or sent. `details.flow` is the prepared flow
 * and `details.flow_id` its id, so the person can execute it where they can approve it.
 *
 * @example
 * ```ts
 * import { ApprovalRequiredError } from "@preflow/tools";
 *
 * const error = new ApprovalRequiredError({ flowId: "ab12…", flow: {}, mode: "form", clientModes: [], over: ["7 USDm (above 5)"] });
 * error.code; // "APPROVAL_REQUIRED"
 * ```
 */
export class ApprovalRequiredError extends ToolsError<"APPROVAL_REQUIRED"> {
  override readonly name: string = "ApprovalRequiredError";

  constructor(parameters: {
    flowId: string;
    flow: unknown;
    mode: "form" | "url";
    clientModes: readonly string[];
    over: readonly string[];
    /** What needs the approval (default `flow`); an x402 payment's `flow` is `{ x402_payment }`. */
    subject?: "flow" | "x402 payment";
    /**
     * With a passkey enrolled: the one-time loopback page where the person approves this exact flow with their
     * passkey (the link approves nothing without it), and when it closes (unix seconds).
     */
    link?: { url: string; expiresAt: number; tool: string } | undefined;
    /** The client was asked and said no by itself (or failed), rather than lacking the capability. */
    clientDeclined?: boolean;
    /** An approval offered in the flow view (MCP Apps) instead: its id, code, expiry (unix s) and text. */
    view?: { id: string; code: string; expiresAt: number; preview: string; fee: string } | undefined;
  }) {
    const { flowId, flow, mode, clientModes, over, link, view } = parameters;
    const payment = parameters.subject === "x402 payment";
    const client = parameters.clientDeclined
      ? "this MCP client declined to show the question"
      : clientModes.length === 0
        ? "this MCP client cannot ask a person (no elicitation capability)"
        : `this MCP client can ask only in ${clientModes.join(" and ")} mode, the policy asks in ${mode} mode`;
    const until = link ? new Date(link.expiresAt * 1_000).toISOString() : "";
    super({
      code: "APPROVAL_REQUIRED",
      message: link
        ? `This flow spends ${over.join(", ")}: above the policy's approval threshold, a person must approve it with their passkey, and ${client}. Nothing was signed or sent. Show the user this link to approve it in their browser: ${link.url} (it approves nothing without their passkey; open until ${until}). Once they say they approved it, call execute_prepared_flow with details.flow (this exact flow; ${link.tool === "execute_prepared_flow" ? "the same call again" : `${link.tool} again works only while it prepares the very same flow`}): it goes through once. Never open or answer the page yourself.`
        : view
          ? `This flow spends ${over.join(", ")}: above the policy's approval threshold, a person must approve it, and ${client}. Nothing was signed or sent. The flow view this client shows beside this result asks the person: its Approve button sends this exact flow once (approval ${view.id}, open until ${new Date(view.expiresAt * 1_000).toISOString()}). Tell the user to check the flow there and press Approve or leave it; never call approve_flow yourself. Afterwards get_flow_status with details.flow_id says what happened.`
          : payment
            ? `This x402 payment pays ${over.join(", ")}: above the policy's approval threshold, a person must approve it, and ${client}. Nothing was signed or sent. details.flow.x402_payment is what would be paid: call x402_fetch again from a client that supports ${mode}-mode elicitation.`
            : `This flow spends ${over.join(", ")}: above the policy's approval threshold, a person must approve it, and ${client}. Nothing was signed or sent. details.flow and details.flow_id are the flow: execute it from a client that supports ${mode}-mode elicitation.`,
      details: {
        flow_id: flowId,
        flow,
        mode,
        client_modes: [...clientModes],
        over: [...over],
        ...(link ? { approval_url: link.url, approval_url_expires_at: until } : {}),
        ...(view
          ? {
              approval: {
                id: view.id,
                code: view.code,
                expires_at: new Date(view.expiresAt * 1_000).toISOString(),
                preview: view.preview,
                fee: view.fee,
              },
            }
          : {}),
      },
    });
  }
}

/**
 * The person declined (or cancelled) the approval of the flow, in the client's form or on the approval page.
 * Nothing was signed or sent.
 *
 * @example
 * ```ts
 * import { ApprovalDeclinedError } from "@preflow/tools";
 *
 * const error = new ApprovalDeclinedError({ flowId: "ab12…", approvalId: "…", action: "decline" });
 * error.code; // "APPROVAL_DECLINED"
 * ```
 */
export class ApprovalDeclinedError extends ToolsError<"APPROVAL_DECLINED"> {
  override readonly name: string = "ApprovalDeclinedError";

  constructor(parameters: { flowId: string; approvalId: string; action: "decline" | "cancel" }) {
    const { flowId, approvalId, action } = parameters;
    super({
      code: "APPROVAL_DECLINED",
      message: `The approval of flow ${flowId} was ${action === "decline" ? "declined" : "cancelled"}. Nothing was signed or sent.`,
      details: { flow_id: flowId, approval_id: approvalId, action },
    });
  }
}

/**
 * No answer came within the approval's time (`approval.timeoutSeconds`, bounded by the tool's own answer bound), or
 * the approval had expired when the flow was about to be signed. Nothing was signed or sent.
 *
 * @example
 * ```ts
 * import { ApprovalExpiredError } from "@preflow/tools";
 *
 * const error = new ApprovalExpiredError({ flowId: "ab12…", approvalId: "…", waitedMs: 30_000 });
 * error.code; // "APPROVAL_EXPIRED"
 * ```
 */
export class ApprovalExpiredError extends ToolsError<"APPROVAL_EXPIRED"> {
  override readonly name: string = "ApprovalExpiredError";

  constructor(parameters: { flowId: string; approvalId: string; waitedMs: number }) {
    const { flowId, approvalId, waitedMs } = parameters;
    super({
      code: "APPROVAL_EXPIRED",
      message: `No approval of flow ${flowId} within ${Math.round(waitedMs / 1000)} s. Nothing was signed or sent; execute the flow again to ask again.`,
      details: { flow_id: flowId, approval_id: approvalId, waited_ms: waitedMs },
    });
  }
}

/**
 * The code typed back does not match the code of this flow's approval (a typo, or a code of another flow).
 * Nothing was signed or sent. The expected code is never echoed.
 *
 * @example
 * ```ts
 * import { ApprovalCodeMismatchError } from "@preflow/tools";
 *
 * const error = new ApprovalCodeMismatchError({ flowId: "ab12…", approvalId: "…", typed: "K7QM-4XPE" });
 * error.code; // "APPROVAL_CODE_MISMATCH"
 * ```
 */
export class ApprovalCodeMismatchError extends ToolsError<"APPROVAL_CODE_MISMATCH"> {
  override readonly name: string = "ApprovalCodeMismatchError";

  constructor(parameters: { flowId: string; approvalId: string; typed: string }) {
    const { flowId, approvalId } = parameters;
    const typed = parameters.typed.length > 24 ? `${parameters.typed.slice(0, 21)}...` : parameters.typed;
    super({
      code: "APPROVAL_CODE_MISMATCH",
      message: `The code typed (${JSON.stringify(typed)}) is not the code of flow ${flowId}'s approval. Nothing was signed or sent; execute the flow again and type the code the question shows.`,
      details: { flow_id: flowId, approval_id: approvalId, typed },
    });
  }
}

/**
 * An approval was presented a second time: the answer carried the code of an approval already used, or the approval
 * had been used when the flow was about to be signed. An approval signs one flow once. Nothing was signed or sent.
 *
 * @example
 * ```ts
 * import { ApprovalReusedError } from "@preflow/tools";
 *
 * const error = new ApprovalReusedError({ flowId: "ab12…", approvalId: "…", usedBy: "cd34…" });
 * error.code; // "APPROVAL_REUSED"
 * ```
 */
export class ApprovalReusedError extends ToolsError<"APPROVAL_REUSED"> {
  override readonly name: string = "ApprovalReusedError";

  constructor(parameters: { flowId: string; approvalId: string; usedBy: string }) {
    const { flowId, approvalId, usedBy } = parameters;
    super({
      code: "APPROVAL_REUSED",
      message: `The approval presented for flow ${flowId} was already used (for flow ${usedBy}); an approval signs one flow once. Nothing was signed or sent; execute the flow again to ask again.`,
      details: { flow_id: flowId, approval_id: approvalId, used_by: usedBy },
    });
  }
}

/**
 * The flow about to be signed is not byte for byte the flow the person approved (its digest differs). Nothing was
 * signed or sent.
 *
 * @example
 * ```ts
 * import { ApprovalFlowChangedError } from "@preflow/tools";
 *
 * const error = new ApprovalFlowChangedError({ flowId: "ab12…", approvalId: "…" });
 * error.code; // "APPROVAL_FLOW_CHANGED"
 * ```
 */
export class ApprovalFlowChangedError extends ToolsError<"APPROVAL_FLOW_CHANGED"> {
  override readonly name: string = "ApprovalFlowChangedError";

  constructor(parameters: { flowId: string; approvalId: string }) {
    const { flowId, approvalId } = parameters;
    super({
      code: "APPROVAL_FLOW_CHANGED",
      message: `The flow about to be signed is not the flow approved (approval ${approvalId} of flow ${flowId}: its digest differs). Nothing was signed or sent.`,
      details: { flow_id: flowId, approval_id: approvalId },
    });
  }
}

/** Errors that ended the approval step (before anything was signed), whatever their class: a store failure too. */
const beforeSigning = new WeakSet<object>();

/** Marks an error thrown by the approval step (nothing signed) and returns it. @internal */
export function refusedBeforeSigning<E>(error: E): E {
  if (typeof error === "object" && error !== null) beforeSigning.add(error);
  return error;
}

/**
 * Whether an error ended the approval step before anything was signed: one of the approval refusals above, or any
 * error the step marked (the store, where approvals are kept, being unavailable). @internal
 */
export function isApprovalRefusal(error: unknown): boolean {
  return (
    (error instanceof ToolsError && String(error.code).startsWith("APPROVAL_")) ||
    (typeof error === "object" && error !== null && beforeSigning.has(error))
  );
}
