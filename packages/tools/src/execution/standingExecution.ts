// The invariant over the execution records (issue 47): a landed execution is never forgotten.
//
//   For every flow, the record the store holds and every server answers with is the latest attempt that may have
//   put something on chain; an attempt that ended having certainly sent nothing (refused by the policy, the
//   approval, the store, a timeout; cancelled; interrupted by a crash before it signed) stands for nothing, and the
//   record it replaced stands again.
//
// So executing the flow again without `force` replays what was sent, whatever happened to later attempts, and a
// flow is sent at most once plus once per `force` execution that itself sent. Each attempt's record carries the
// record it replaced (`supersedes`, stored with it) until one of its own steps is on chain: the rule holds when the
// attempt's server stops before it could put the earlier record back (the next server reads the stored attempt and
// finds the earlier one in it). The refused paths also put the earlier record back in memory and in the store.
import { neverSent, type SentFields } from "./stepSent.js";

/** What the rule reads of a record (an ExecutionRecord, or one as stored). @internal */
export interface AttemptRecord {
  state: "queued" | "running" | "done";
  steps: readonly SentFields[];
  supersedes?: AttemptRecord;
}

/** What a record of a flow stands for: itself, or the record it replaced when it ended sending nothing. @internal */
export function standingExecution<R extends AttemptRecord>(record: R): R {
  const earlier = record.supersedes;
  if (earlier === undefined || record.state !== "done") return record;
  if (!record.steps.every(neverSent)) return record;
  // a record's `supersedes` is a record of the same kind (ExecutionRecord's is an ExecutionRecord)
  return standingExecution(earlier as R);
}

/** Whether a step of the record is on chain (mined): the record it replaced can no longer stand again. @internal */
export function landedAny(record: AttemptRecord): boolean {
  return record.steps.some((step) => step.status === "success" || step.status === "reverted");
}
