// What a person reads before approving: core's preview of the flow in words (what it does, the recipient and
// amounts, every step's contract and call, the fee), who pays the fee, what is above the threshold, and the ids.
import type { SerializedPreparedFlow } from "@preflow/core";

/** The parts of the question, each one or more lines. @internal */
export interface ApprovalText {
  /** core's formatPreparedFlow, without its "Not simulated" hint. */
  preview: string;
  /** Who pays the network fee, in what. */
  fee: string;
  /** Every step's contract (label and address) and function, or the address a plain value transfer goes to. */
  calls: string;
  /** The spends above the threshold, one per token. */
  over: string[];
  flowId: string;
  approvalId: string;
  /** The code as shown (`K7QM-4XPD`). */
  code: string;
  /** How long the question stays open, in seconds. */
  waitSeconds: number;
  /** What is approved (default `flow`): how the question names it. */
  subject?: "flow" | "x402 payment";
}

/** Builds the {@link ApprovalText} of a flow. @internal */
export function approvalText(
  core: Pick<typeof import("@preflow/core"), "formatPreparedFlow">,
  flow: SerializedPreparedFlow,
  parts: Omit<ApprovalText, "preview" | "fee" | "calls">,
): ApprovalText {
  const preview = core
    .formatPreparedFlow(flow)
    .split("\n")
    .filter((line) => !line.startsWith("Not simulated"))
    .join("\n");
  const fee = flow.fee
    ? `Network fee: paid by the signer ${flow.from} in ${flow.fee.currency}, at most the maximum above (counted in the spend).`
    : `Network fee: paid by the signer ${flow.from} in CELO (not counted in the spend).`;
  const calls = `Contracts called: ${flow.steps
    .map((step, index) => {
      const target = step.call ? `${step.call.contract} (${step.to}).${step.call.functionName}` : step.to;
      const plain = step.data === "0x" ? `${step.to} (no call, value ${step.value} wei)` : target;
      return `${index + 1}. ${plain}`;
    })
    .join("; ")}.`;
  return { ...parts, preview, fee, calls };
}

/** The question as one message (form mode, and the page's text). @internal */
export function approvalMessage(text: ApprovalText, mode: "form" | "url"): string {
  const ask =
    mode === "form"
      ? `To approve, type the code ${text.code}. Decline if you did not ask for this.`
      : `Open the page to see the flow and press Approve or Decline there (code ${text.code}).`;
  return [
    "A person must approve this before it is signed.",
    text.preview,
    text.calls,
    text.fee,
    `Above the approval threshold: ${text.over.join("; ")}.`,
    `${text.subject === "x402 payment" ? "Payment" : "Flow"} id: ${text.flowId}. Approval: ${text.approvalId}, open ${text.waitSeconds} s.`,
    ask,
  ].join("\n");
}
