// The end of every Aave v3 `prepare*`: the flow of its pool step(s) at the block its one read was made at, with
// the fee plan (when the flow pays gas in a token) settled from the same read.
import type { Address } from "viem";
import { CHAIN_ID } from "../../chain.js";
import { type FlowFeePlan, settleFlowFee } from "../../fees/flowFee.js";
import type { FeeSpend } from "../../fees/planFee.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../flow/types.js";
import type { ReadResult } from "../../rpc/readBatch.js";
import type { LendingIntent } from "./intents.js";

/**
 * The flow `{ from, summary, steps }` with intent `{ kind, protocol: "aave-v3", token, amount }` and `preparedAt`,
 * its fee settled from `read.fee` (`spend`: what the steps spend of the fee token's balance). @internal
 */
export function aavePoolFlow(
  plan: FlowFeePlan | undefined,
  read: { blockNumber: bigint; fee: { reads: readonly ReadResult[]; calls: readonly unknown[] } },
  flow: {
    from: Address;
    summary: string;
    steps: readonly PreparedStep[];
    kind: LendingIntent["kind"];
    token: Address;
  },
  amount: bigint,
  spend?: readonly FeeSpend[],
): SerializedPreparedFlow {
  const { from, summary, steps, kind, token } = flow;
  const prepared: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary,
    steps: [...steps],
    intent: { kind, protocol: "aave-v3", token, amount: amount.toString() },
    preparedAt: { blockNumber: String(read.blockNumber) },
  };
  return settleFlowFee(plan, prepared, read.fee.reads, read.fee.calls, spend ? { spend } : {});
}
