import { type ExecutePreparedFlowReturnType, executePreparedFlow, type SdkBaseClient } from "@preflow/core";
import { rejectUnknownKeys } from "@preflow/errors";
import type { LocalAccount } from "viem";
import { BudgetError } from "../errors/BudgetError.js";
import { describeEnforcerRefusal } from "../internal/enforcerRefusal.js";
import type { BudgetTransfer } from "../types.js";
import { checkBudgetCoverage } from "./checkBudgetCoverage.js";
import { getAgentBudget } from "./getAgentBudget.js";
import { prepareBudgetRedemption } from "./prepareBudgetRedemption.js";

/**
 * Parameters of {@link executeWithBudget}.
 *
 * @example
 * ```ts
 * import type { ExecuteWithBudgetParameters } from "@preflow/budget";
 * const parameters: ExecuteWithBudgetParameters = { budget, agent: privateKeyToAccount(agentKey), flow };
 * ```
 */
export interface ExecuteWithBudgetParameters {
  budget: unknown;
  /** The agent's key (a viem local account): it signs and pays gas; it must be the budget's agent. */
  agent: LocalAccount;
  /** The owner's prepared flow. */
  flow: unknown;
  /** What the agent pays gas in (CIP-64): `"CELO"` (default) or a fee-currency token. */
  feeCurrency?: string | undefined;
  /** Simulate instead of signing and sending (the enforcers' refusals come back in words). */
  dryRun?: boolean | undefined;
  receiptTimeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * What {@link executeWithBudget} returns: core's execution result of the agent's `redeemDelegations` transaction
 * (hash known before the send, bounded wait), the transfers it made, and `refusal`: an enforcer's refusal in words
 * when the chain (or the simulation) refused.
 *
 * @example
 * ```ts
 * import type { ExecuteWithBudgetReturnType } from "@preflow/budget";
 * const report = (r: ExecuteWithBudgetReturnType) => r.refusal ?? r.status;
 * ```
 */
export type ExecuteWithBudgetReturnType = ExecutePreparedFlowReturnType & {
  transfers: BudgetTransfer[];
  refusal?: string;
};

/**
 * Runs an owner's prepared flow from the agent's key within the budget: checks coverage before signing
 * ({@link checkBudgetCoverage}: typed refusals, nothing signed), signs the `redeemDelegations` transaction
 * ({@link prepareBudgetRedemption}: tagged, CIP-64 when `feeCurrency` is set), reads the budget again just before
 * the send (the signed transaction is dropped, `BROADCAST_VETOED`, when it no longer fits), then sends and waits
 * (core's `executePreparedFlow`). HTTP requests: 1 (the budget's state and the redemption's preparation in one
 * JSON-RPC batch), 1 re-read, then the send's own (nonce, fill, send, receipt); a dry run 2 (that batch, then the
 * simulation), none when the flow is not a kind the budget covers (refused from the flow and the budget alone).
 *
 * @throws `BudgetError` (refusals, before anything is signed), `InvalidArgumentError`, the reads' errors.
 *
 * @example
 * ```ts
 * import { executeWithBudget } from "@preflow/budget";
 * const flow = await client.transaction.prepareSend(budget.owner, shop, "USDC", "2");
 * const result = await executeWithBudget(client, { budget, agent: privateKeyToAccount(agentKey), flow });
 * console.log(result.status, result.steps[0]?.hash);
 * ```
 */
export async function executeWithBudget(
  client: SdkBaseClient,
  parameters: ExecuteWithBudgetParameters,
): Promise<ExecuteWithBudgetReturnType> {
  const { budget, agent, flow, feeCurrency, dryRun, receiptTimeoutMs, signal } = rejectUnknownKeys(
    parameters,
    "parameters",
    ["budget", "agent", "flow", "feeCurrency", "dryRun", "receiptTimeoutMs", "signal"],
  );
  const prepared = await prepareBudgetRedemption(client, {
    budget,
    flow,
    feeCurrency,
    ...(signal === undefined ? {} : { signal }),
  });
  if (agent?.address !== prepared.state.budget.agent)
    throw new BudgetError({
      code: "BUDGET_FLOW_NOT_COVERED",
      message: `The signing key is ${agent?.address}, not the budget's agent ${prepared.state.budget.agent}.`,
      details: { agent: prepared.state.budget.agent },
    });
  const result = await executePreparedFlow(client.publicClient, {
    account: agent,
    flow: prepared.flow,
    ...(dryRun === undefined ? {} : { dryRun }),
    ...(receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs }),
    ...(signal === undefined ? {} : { signal }),
    // checked again just before the send: a budget revoked or spent meanwhile stops the signed bytes here
    beforeBroadcast: async () => {
      checkBudgetCoverage({ state: await getAgentBudget(client, { budget: prepared.state.budget }), flow });
    },
  });
  const refusal = describeEnforcerRefusal(result.steps.find((s) => s.error)?.error);
  return { ...result, transfers: prepared.transfers, ...(refusal === undefined ? {} : { refusal }) };
}
