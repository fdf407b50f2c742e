// The stages of one execution attempt, as one state machine: every attempt that is not a replay walks these
// stages in order, and only along these transitions (advanceStage refuses any other). The stored record keeps a
// coarser state (`queued`, `running`, `done`: storedStateOf); `interrupted` is what a server that recovers a stopped
// server's record finds it in (recoverExecutions.ts).
//
//   checking → awaiting-approval → queued → recovering → reserved → written → signing ⇄ sent → settled
//   and from any stage not ended: refused (nothing this attempt signed was sent: endAttempt.ts decides) or stopped
//   (failed; something may have been sent); from queued: cancelled (before the first step); from recovering:
//   adopted (another server executed the flow).

/** Where an execution attempt is. @internal */
export type ExecutionStage =
  /** The policy is checked (before anything else, outside the signer's queue). */
  | "checking"
  /** A person is asked to approve this exact flow (or no approval is needed). */
  | "awaiting-approval"
  /** Waiting for, then holding, the signer's queue (one execution at a time per signer, across servers). */
  | "queued"
  /** Holding the queue: what a stopped server left is recovered, another server's execution looked up. */
  | "recovering"
  /** Checked again and its spends reserved in one transaction of the store. */
  | "reserved"
  /** Its record is in the store (write-ahead): from here on a restart knows it. */
  | "written"
  /** A step is signed (its bytes stored before they are broadcast). */
  | "signing"
  /** A step was acknowledged by the node. */
  | "sent"
  /** Ended after running: success, failed, pending or cancelled between steps, as its steps say. */
  | "settled"
  /** Ended before anything of it was sent: the earlier record stands (standingExecution.ts). */
  | "refused"
  /** Cancelled before its first step: nothing sent. */
  | "cancelled"
  /** Another server executed the flow meanwhile: its execution is the answer. */
  | "adopted"
  /** Failed after something may have been signed. */
  | "stopped"
  /** Its server stopped before it ended (found so by the next server). */
  | "interrupted";

const ENDINGS = ["refused", "stopped"] as const;
const TRANSITIONS: { readonly [S in ExecutionStage]: readonly ExecutionStage[] } = {
  checking: ["awaiting-approval", ...ENDINGS],
  "awaiting-approval": ["queued", ...ENDINGS],
  queued: ["recovering", "cancelled", ...ENDINGS],
  recovering: ["reserved", "adopted", ...ENDINGS],
  reserved: ["written", ...ENDINGS],
  written: ["signing", "sent", "settled", "interrupted", ...ENDINGS],
  signing: ["signing", "sent", "settled", "interrupted", ...ENDINGS],
  sent: ["signing", "sent", "settled", "interrupted", ...ENDINGS],
  settled: [],
  refused: [],
  cancelled: [],
  adopted: [],
  stopped: [],
  interrupted: [],
};

/** Whether an attempt in `stage` has ended. @internal */
export function stageEnded(stage: ExecutionStage): boolean {
  return TRANSITIONS[stage].length === 0;
}

/** Whether `from → to` is a transition of the machine. @internal */
export function canAdvance(from: ExecutionStage, to: ExecutionStage): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * Moves `attempt` to `to`. A transition the machine does not have is a defect of the tool server: it throws (the
 * attempt ends as its failure path says), it is never taken silently. @internal
 */
export function advanceStage(attempt: { stage: ExecutionStage }, to: ExecutionStage): void {
  if (!canAdvance(attempt.stage, to)) {
    throw new Error(`execution stage ${attempt.stage} cannot move to ${to} (a defect of the tool server)`);
  }
  attempt.stage = to;
}

/** The record's stored state in a stage. @internal */
export function storedStateOf(stage: ExecutionStage): "queued" | "running" | "done" {
  if (stageEnded(stage)) return "done";
  return stage === "checking" || stage === "awaiting-approval" || stage === "queued" || stage === "recovering"
    ? "queued"
    : "running";
}
