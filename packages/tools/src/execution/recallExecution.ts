// Stage 2 of an execution: recall what the store knows of the flow. One pure function over the stored record (the
// record that stands for the flow, standingExecution.ts) and `force` decides what this call does:
//   - replay: the earlier execution is the answer (it runs, may have sent, or sent; `force` on one still running);
//   - continue: its sent steps all succeeded and the rest never left: the landed steps are looked up, the rest sent;
//   - resend: as continue, and the first step not done was signed and never acknowledged: its bytes are sent again;
//   - new: nothing of it is on chain (no record, one that sent nothing), or `force` on one whose steps all landed.
import { continueFrom, type ExecutionRecord, resendable, sentAny } from "./executionRegistry.js";
import { forceFrom } from "./resumeFromRecord.js";

/** What {@link recallExecution} decides. @internal */
export type Recall =
  | { kind: "replay"; earlier: ExecutionRecord }
  | { kind: "new"; earlier: ExecutionRecord | undefined }
  | { kind: "continue"; earlier: ExecutionRecord; from: number }
  | { kind: "resend"; earlier: ExecutionRecord; from: number };

/** Replay, continue, resend or new: see the file comment. Pure. @internal */
export function recallExecution(earlier: ExecutionRecord | undefined, force: boolean): Recall {
  if (earlier === undefined) return { kind: "new", earlier };
  // With `force`, from its first step not on chain (a step that landed is never sent again).
  const resumeAt = force ? forceFrom(earlier) : continueFrom(earlier);
  if (resumeAt !== undefined && resendable(earlier.steps[resumeAt])) {
    return { kind: "resend", earlier, from: resumeAt };
  }
  if (resumeAt !== undefined && resumeAt > 0) return { kind: "continue", earlier, from: resumeAt };
  if (earlier.state !== "done") return { kind: "replay", earlier };
  if (!force && sentAny(earlier)) return { kind: "replay", earlier };
  return { kind: "new", earlier };
}
