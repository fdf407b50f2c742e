// How an execution picks up from its stored record: where `force` continues, and each step as core's `resume`
// option reads it.
import type { ExecutionRecord, StepRecord } from "./executionRegistry.js";

/**
 * Where `force` continues an ended execution: its first step not on chain (the steps before it landed and are
 * never sent again); `undefined` when every step succeeded (force then sends the flow again, deliberately).
 */
export function forceFrom(record: ExecutionRecord): number | undefined {
  if (record.state !== "done") return undefined;
  const first = record.steps.findIndex((step) => step.status !== "success");
  return first < 0 ? undefined : first;
}

/** A step of the record as core's `resume` reads it (`queued` is a step not attempted). */
export function toResumedStep(step: StepRecord) {
  return {
    index: step.index,
    description: step.description,
    to: step.to as `0x${string}`,
    hash: step.hash as `0x${string}` | null,
    sent: step.sent ?? (step.hash === null ? false : "unknown"),
    status: step.status === "queued" ? "skipped" : step.status,
    ...(step.nonce === undefined ? {} : { nonce: step.nonce }),
    ...(step.signedTransaction === undefined
      ? {}
      : { signedTransaction: step.signedTransaction as `0x${string}` }),
  } as const;
}
