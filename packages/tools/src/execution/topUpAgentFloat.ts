// x402 within an agent budget: an x402 payment is an EIP-3009 authorization signed by the payer itself, so it comes
// from the agent's own float, never through the delegation. When the budget lists the agent among its recipients
// and caps the payment's token, a payment the float cannot cover is preceded by a top-up: exactly the shortfall
// (the payment's amount minus the agent's balance of that token) sent from the owner to the agent as a budget
// send, through every stage of an execution (the local policy and its approval, the budget's check before signing,
// the signer's queue, the write-ahead store), so the budget's cap per period bounds the top-ups. Without the agent
// among the recipients (or without that token in the budget), nothing is topped up: the agent pays from its float.
// Costs 1 request (the float's balance) when there is something to decide, plus the send's own when it tops up.
import type { Address } from "viem";
import { erc20Abi } from "viem";
import { TopUpFailedError } from "../errors/execution.js";
import { executeFlow } from "./executeFlow.js";
import type { ExecutionCall, ExecutionContext, ExecutionRuntime } from "./executionContext.js";

/** Parameters of {@link topUpAgentFloat}. @internal */
export interface TopUpAgentFloatParameters {
  tool: string;
  context: ExecutionContext;
  runtime: ExecutionRuntime;
  call: ExecutionCall;
  /** The payment's token contract and amount (base units). */
  asset: Address;
  amount: bigint;
}

/**
 * Tops the agent's float up to `amount` of `asset` from the owner's budget when it is short and the budget allows;
 * resolves with the top-up's transaction hash, or null when none was needed or allowed. Throws the budget's and the
 * policy's refusals (nothing sent), or TopUpFailedError when the top-up did not succeed (then no payment is signed).
 * @internal
 */
export async function topUpAgentFloat(parameters: TopUpAgentFloatParameters): Promise<`0x${string}` | null> {
  const { tool, context, runtime, call, asset, amount } = parameters;
  const loaded = runtime.budget;
  if (loaded === undefined) return null;
  const { budget, agent, owner } = loaded;
  const limit = budget.limits.find((entry) => entry.address.toLowerCase() === asset.toLowerCase());
  if (limit === undefined) return null;
  if (budget.recipients !== null && !budget.recipients.some((r) => r.toLowerCase() === agent.toLowerCase()))
    return null;
  const float = await runtime.client.readContract({
    address: asset,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [agent],
  });
  if (float >= amount) return null;
  const shortfall = amount - float;
  const flow = await runtime.sdk.transaction.prepareSend(
    owner,
    agent,
    limit.token,
    runtime.core.formatAmount(shortfall, limit.decimals),
  );
  context.log(`${tool}: topping the agent's float up by ${flow.summary}`);
  // force: a top-up of the same amount as an earlier one is a new transfer, not a replay of it.
  const reply = await executeFlow({ tool, context, runtime, call, flow, dryRun: false, force: true });
  const data = reply.data as { status?: string; flowId?: string; steps?: { hash: string | null }[] };
  const hash = (data.steps?.[0]?.hash ?? null) as `0x${string}` | null;
  if (data.status !== "success")
    throw new TopUpFailedError({
      status: String(data.status),
      hash,
      flowId: String(data.flowId),
      token: limit.token,
      amount: runtime.core.formatAmount(shortfall, limit.decimals),
    });
  return hash;
}
