import {
  formatAmount,
  MULTICALL3_ADDRESS,
  type ReadBatchErrorType,
  readBatch,
  type SdkBaseClient,
} from "@preflow/core";
import { rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData, parseAbi } from "viem";
import { delegationManagerAbi, multiTokenPeriodEnforcerAbi } from "../abi.js";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK } from "../constants.js";
import { BudgetError } from "../errors/BudgetError.js";
import { multiTokenPeriodTerms, tokenIndexArgs } from "../internal/caveats.js";
import { designatorOf } from "../internal/delegation.js";
import { parseBudget } from "../internal/parseBudget.js";
import type { AgentBudget, BudgetLimit } from "../types.js";

const timestampAbi = parseAbi(["function getCurrentBlockTimestamp() view returns (uint256 timestamp)"]);

/**
 * Parameters of {@link getAgentBudget}.
 *
 * @example
 * ```ts
 * import type { GetAgentBudgetParameters } from "@preflow/budget";
 * const parameters: GetAgentBudgetParameters = { budget: JSON.parse(readFileSync("budget.json", "utf8")) };
 * ```
 */
export interface GetAgentBudgetParameters {
  /** The budget (object or JSON text), as {@link grantAgentBudget} returned it. */
  budget: AgentBudget | unknown;
  signal?: AbortSignal | undefined;
}

/**
 * One token's state of a budget, as the chain says.
 *
 * @example
 * ```ts
 * import type { AgentBudgetTokenState } from "@preflow/budget";
 * const line = (t: AgentBudgetTokenState) => `${t.remaining} of ${t.limit} ${t.token} left until ${t.periodEnd}`;
 * ```
 */
export interface AgentBudgetTokenState extends BudgetLimit {
  /** The cap per period, human decimal. */
  limit: string;
  /** Spent in the current period (human decimal; base units in `spentBaseUnits`). */
  spent: string;
  spentBaseUnits: string;
  /** Left in the current period (human decimal; base units in `remainingBaseUnits`). */
  remaining: string;
  remainingBaseUnits: string;
  /** Unix seconds when the current period ends (the cap renews then). */
  periodEnd: string;
}

/**
 * What {@link getAgentBudget} returns: the budget's state at one block.
 *
 * @example
 * ```ts
 * import type { GetAgentBudgetReturnType } from "@preflow/budget";
 * const usable = (state: GetAgentBudgetReturnType) => state.active;
 * ```
 */
export interface GetAgentBudgetReturnType {
  budget: AgentBudget;
  /** Unix seconds of the block read. */
  chainTime: string;
  blockNumber: string;
  tokens: AgentBudgetTokenState[];
  /** The owner disabled the delegation on chain. */
  revoked: boolean;
  /** `validUntil` has passed. */
  expired: boolean;
  /** The owner's EOA still delegates (EIP-7702) to the framework's EIP7702StatelessDeleGator. */
  ownerReady: boolean;
  /** Not revoked, not expired, owner ready. */
  active: boolean;
}

/**
 * The errors {@link getAgentBudget} throws: {@link BudgetError} `BUDGET_INVALID` (before any I/O), and the read's
 * (`ReadBatchErrorType`).
 *
 * @example
 * ```ts
 * import type { GetAgentBudgetErrorType } from "@preflow/budget";
 * ```
 */
export type GetAgentBudgetErrorType = BudgetError | ReadBatchErrorType;

/**
 * Reads a budget's state from the chain: per token the cap, spent this period, remaining and when the period
 * ends (MultiTokenPeriodEnforcer's own accounting), whether the owner revoked it, whether it expired, and whether
 * the owner's EOA still delegates to the framework. HTTP requests: 1 (one Multicall3 batch and the owner's code,
 * in one JSON-RPC batch).
 *
 * @throws {@link GetAgentBudgetErrorType}
 *
 * @example
 * ```ts
 * import { getAgentBudget } from "@preflow/budget";
 * const state = await getAgentBudget(client, { budget });
 * for (const t of state.tokens) console.log(`${t.token}: ${t.remaining} of ${t.limit} left until ${t.periodEnd}`);
 * ```
 */
export async function getAgentBudget(
  client: SdkBaseClient,
  parameters: GetAgentBudgetParameters,
): Promise<GetAgentBudgetReturnType> {
  const { budget: input, signal } = rejectUnknownKeys(parameters, "parameters", ["budget", "signal"]);
  const budget = parseBudget(input);
  return client.track("budget.getAgentBudget", budget.owner, async () => {
    const terms = multiTokenPeriodTerms(budget.limits);
    const { reads, calls, blockNumber } = await readBatch(client, {
      reads: [
        {
          target: MULTICALL3_ADDRESS,
          callData: encodeFunctionData({ abi: timestampAbi, functionName: "getCurrentBlockTimestamp" }),
          abi: timestampAbi,
        },
        {
          target: FRAMEWORK.DelegationManager,
          callData: encodeFunctionData({
            abi: delegationManagerAbi,
            functionName: "disabledDelegations",
            args: [budget.delegationHash],
          }),
          abi: delegationManagerAbi,
        },
        ...budget.limits.map((_limit, index) => ({
          target: FRAMEWORK.MultiTokenPeriodEnforcer,
          callData: encodeFunctionData({
            abi: multiTokenPeriodEnforcerAbi,
            functionName: "getAvailableAmount",
            args: [budget.delegationHash, FRAMEWORK.DelegationManager, terms, tokenIndexArgs(index)],
          }),
          abi: multiTokenPeriodEnforcerAbi,
        })),
      ],
      calls: [{ method: "eth_getCode", params: [budget.owner, "latest"] }],
      blockNumber: true,
      ...(signal === undefined ? {} : { signal }),
    });
    const failed = reads.findIndex((r) => !r.success);
    if (failed >= 0)
      throw new BudgetError({
        code: "BUDGET_READ_FAILED",
        message: `Reading the budget's state failed (read ${failed} reverted): is the Delegation Framework v1.3.0 at ${FRAMEWORK.DelegationManager}?`,
        details: { read: failed },
      });
    const chainTime = reads[0]!.value as bigint;
    const revoked = reads[1]!.value as boolean;
    const tokens = budget.limits.map((limit, i): AgentBudgetTokenState => {
      const [available, , currentPeriod] = reads[2 + i]!.value as [bigint, boolean, bigint];
      const cap = BigInt(limit.baseUnits);
      const start = BigInt(limit.startDate);
      const duration = BigInt(limit.periodSeconds);
      const spentUnits = currentPeriod === 0n ? 0n : cap - available;
      const remainingUnits = currentPeriod === 0n ? 0n : available;
      return {
        ...limit,
        limit: limit.amount,
        spent: formatAmount(spentUnits, limit.decimals),
        spentBaseUnits: spentUnits.toString(),
        remaining: formatAmount(remainingUnits, limit.decimals),
        remainingBaseUnits: remainingUnits.toString(),
        periodEnd: (start + (currentPeriod === 0n ? 0n : currentPeriod) * duration).toString(),
      };
    });
    const expired = budget.validUntil !== null && chainTime >= BigInt(budget.validUntil);
    const ownerReady =
      String(calls[0] ?? "").toLowerCase() === designatorOf(FRAMEWORK.EIP7702StatelessDeleGatorImpl);
    return {
      budget,
      chainTime: chainTime.toString(),
      blockNumber: String(blockNumber ?? 0n),
      tokens,
      revoked,
      expired,
      ownerReady,
      active: !revoked && !expired && ownerReady,
    };
  });
}
