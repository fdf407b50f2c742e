// Two helpers of the approval stage's questions (requireApproval.ts): sending one through the client, bounded, and
// finding the earlier approval an answer's code belongs to (a replay).
import type { ToolServerStore } from "../store/types.js";
import type { ApprovalCall as ToolCall } from "./approvalContext.js";
import { ASK_TIMED_OUT, type AskOptions } from "./humanChannel.js";
import { issuedFor } from "./issuedCodes.js";

/** Sends the question (@internal); `"timeout"` when no answer came in time, `"aborted"` when the tool call was cancelled. */
export async function ask(
  human: NonNullable<ToolCall["human"]>,
  call: ToolCall,
  params: Parameters<NonNullable<ToolCall["human"]>["ask"]>[0],
  waitMs: number,
  binding: AskOptions["binding"],
): Promise<import("@modelcontextprotocol/server").ElicitResult | "timeout" | "aborted"> {
  if (waitMs <= 0) return "timeout";
  try {
    return await human.ask(params, { timeoutMs: waitMs, signal: call.signal, binding });
  } catch (error) {
    if (call.signal.aborted) return "aborted";
    // No answer within waitMs (the 2025 era: the SDK cancelled the request at the client; the 2026 era: no retry).
    if ((error as { code?: unknown })?.code === ASK_TIMED_OUT) return "timeout";
    // The client failed to ask (an error answer, a malformed result): no approval.
    return "aborted";
  }
}

/** (@internal) The earlier question whose code an answer carries, when that approval was approved or used (a replay). */
export async function replayed(
  store: ToolServerStore,
  code: string | undefined,
  approvalId: string,
): Promise<{ flowId: string } | undefined> {
  const earlier = code === undefined ? undefined : issuedFor(code);
  if (!earlier || earlier.approvalId === approvalId) return undefined;
  const record = await store.getApproval(earlier.approvalId);
  return record && (record.status === "approved" || record.status === "used") ? record : undefined;
}
