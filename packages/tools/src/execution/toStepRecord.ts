// A step of core's result (or progress event) as the execution record keeps it: the fields core set, and the
// signed bytes always assigned (bytes the node has acknowledged since are dropped).
import type { StepRecord } from "./executionRegistry.js";

/** The fields of a step of core's result that the execution record keeps. @internal */
export function toStepRecord(step: {
  status: string;
  hash: string | null;
  sent?: boolean | "unknown" | undefined;
  code?: string | undefined;
  nonce?: number | undefined;
  blockNumber?: string | undefined;
  gasUsed?: string | undefined;
  feePaid?: { feeCurrency: string; amount: string } | undefined;
  error?: string | undefined;
  signedTransaction?: string | undefined;
}): Partial<StepRecord> {
  return {
    status: step.status as StepRecord["status"],
    hash: step.hash,
    ...(step.sent === undefined ? {} : { sent: step.sent }),
    ...(step.code === undefined ? {} : { code: step.code }),
    ...(step.nonce === undefined ? {} : { nonce: step.nonce }),
    ...(step.blockNumber === undefined ? {} : { blockNumber: step.blockNumber }),
    ...(step.gasUsed === undefined ? {} : { gasUsed: step.gasUsed }),
    ...(step.feePaid === undefined
      ? {}
      : { feePaid: { feeCurrency: step.feePaid.feeCurrency, amount: step.feePaid.amount } }),
    ...(step.error === undefined ? {} : { error: step.error }),
    // Always assigned: bytes the node has acknowledged since are dropped.
    signedTransaction: step.signedTransaction,
  };
}
