// The one read of a `prepare*` that may pay gas in a fee currency: its own reads, the block number and the fee
// plan's reads and simulations go out in ONE request, and the answers come back split (the action's, the fee's).
import type { SdkBaseClient } from "../clients/types.js";
import { type ReadCall, type ReadResult, readBatch } from "../rpc/readBatch.js";
import type { FlowFeePlan } from "./flowFee.js";

/** What {@link readWithFeePlan} returns. @internal */
export interface ReadWithFeePlanResult {
  /** The answers to the action's own `reads`, in order. */
  reads: ReadResult[];
  /** The block the answers are from (the flow's `preparedAt`). */
  blockNumber: bigint;
  /** The answers to the fee plan's reads and calls, for `settleFlowFee` (empty without a plan). */
  fee: { reads: ReadResult[]; calls: unknown[] };
}

/**
 * Reads `reads`, the block number and `plan`'s reads and calls in one request (`readBatch`: its errors and abort),
 * and returns the answers split. @internal
 */
export async function readWithFeePlan(
  client: SdkBaseClient,
  parameters: { reads: readonly ReadCall[]; plan: FlowFeePlan | undefined; signal: AbortSignal | undefined },
): Promise<ReadWithFeePlanResult> {
  const { reads, plan, signal } = parameters;
  const answer = await readBatch(client, {
    reads: [...reads, ...(plan?.reads ?? [])],
    calls: plan?.calls ?? [],
    blockNumber: true,
    signal,
  });
  return {
    reads: answer.reads.slice(0, reads.length),
    blockNumber: answer.blockNumber as bigint,
    fee: { reads: answer.reads.slice(reads.length), calls: answer.calls },
  };
}
