// The dry run of a flow within an agent budget: the agent's one redeemDelegations transaction (the only thing that
// would be sent) estimated by the node at its own next-block time (eth_estimateGas: 1 request), so the enforcers
// judge it at the chain's time. Not core's simulatePreparedFlow: that runs its block at the local clock, and anvil
// (unlike geth and reth, which refuse a time before their latest block's) runs it then, in the chain's past: after
// the chain's clock moved ahead of the local one, a budget whose period started at the chain's time read as not
// started (MultiTokenPeriodEnforcer:transfer-not-started, the known issue of issue 41).
import type { SerializedPreparedFlow } from "@preflow/core";
import { BaseError } from "viem";
import type { ExecutionRuntime } from "./executionContext.js";
import type { BudgetRuntime } from "./loadBudget.js";

/** How the redemption would fare. @internal */
export interface RedemptionSimulation {
  status: "success" | "reverted";
  gasUsed: string | null;
  /** A revert in words (an enforcer's refusal as @preflow/budget says it). */
  error?: string;
}

/** Estimates the redemption; an RPC failure (not a revert) is thrown. @internal */
export async function simulateBudgetRedemption(
  runtime: ExecutionRuntime,
  budget: BudgetRuntime,
  redemption: SerializedPreparedFlow,
): Promise<RedemptionSimulation> {
  const step = redemption.steps[0] as SerializedPreparedFlow["steps"][number];
  try {
    const gas = await runtime.client.estimateGas({
      account: budget.agent,
      to: step.to,
      data: step.data,
      value: BigInt(step.value),
    });
    return { status: "success", gasUsed: gas.toString() };
  } catch (error) {
    const reverted =
      error instanceof BaseError && error.walk((cause) => (cause as Error).name === "ExecutionRevertedError");
    if (!reverted) throw error;
    const text = (error as BaseError).message;
    const words = budget.actions.describeEnforcerRefusal(text) ?? (error as BaseError).shortMessage;
    return { status: "reverted", gasUsed: null, error: `the simulation reverted: ${words}` };
  }
}
