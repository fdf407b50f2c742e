// The one shape of an ERC-8004 prepare: one step to a registry, the reads that decide whether the registry would
// refuse it, the fee plan's reads, all in one request; a refusal thrown before anything is returned.
import type { Address } from "viem";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import { planFlowFee, readWithFeePlan, settleFlowFee } from "../../fees/flowFee.js";
import type { FlowIntent, PreparedStep, SerializedPreparedFlow } from "../../flow/types.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";

/** What {@link prepareRegistryFlow} builds the flow from. @internal */
export interface RegistryFlowPlan {
  from: Address;
  feeCurrency: unknown;
  signal: AbortSignal | undefined;
  /** The step (its calldata untagged; tagged here), as planned before the reads. */
  step: PreparedStep;
  reads: readonly ReadCall[];
  /**
   * Given the answers and the block number: throws the refusal, or returns the final step (when the reads
   * decide its calldata), the summary, the intent and `expiresAt`.
   */
  settle(
    reads: readonly ReadResult[],
    blockNumber: bigint,
  ):
    | Promise<{ step?: PreparedStep; summary: string; intent: FlowIntent; expiresAt?: string }>
    | {
        step?: PreparedStep;
        summary: string;
        intent: FlowIntent;
        expiresAt?: string;
      };
}

/**
 * Plans the fee, reads `reads` with the fee plan's reads and the block number in ONE request, lets `settle`
 * refuse or finish, and returns the flow (one step, `intent`, `preparedAt`, the fee when paid in a fee currency).
 * @internal
 */
export async function prepareRegistryFlow(
  client: SdkBaseClient,
  plan: RegistryFlowPlan,
): Promise<SerializedPreparedFlow> {
  const fee = await planFlowFee(client, plan.feeCurrency, { from: plan.from, alternatives: [[plan.step]] });
  const answer = await readWithFeePlan(client, { reads: plan.reads, plan: fee, signal: plan.signal });
  const settled = await plan.settle(answer.reads, answer.blockNumber);
  const step = settled.step ?? plan.step;
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from: plan.from,
    summary: settled.summary,
    steps: [{ ...step, data: client.tag(step.data) }],
    intent: settled.intent,
    preparedAt: { blockNumber: answer.blockNumber.toString() },
    ...(settled.expiresAt === undefined ? {} : { expiresAt: settled.expiresAt }),
  };
  return settleFlowFee(fee, flow, answer.fee.reads, answer.fee.calls);
}
