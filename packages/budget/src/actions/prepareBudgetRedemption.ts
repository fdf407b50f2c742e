import {
  type FeeCurrencyInput,
  parsePreparedFlow,
  prepareContractCall,
  resolveFeeCurrencyInput,
  type SdkBaseClient,
  type SerializedPreparedFlow,
} from "@preflow/core";
import { rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData, encodePacked, erc20Abi, type Hex } from "viem";
import { delegationManagerAbi } from "../abi.js";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK } from "../constants.js";
import { caveatsWithArgs } from "../internal/caveats.js";
import { checkStateCovers } from "../internal/checkStateCovers.js";
import { permissionContext } from "../internal/delegation.js";
import { parseBudget } from "../internal/parseBudget.js";
import { transfersOfFlow } from "../internal/transfersOfFlow.js";
import type { BudgetTransfer } from "../types.js";
import type { checkBudgetCoverage } from "./checkBudgetCoverage.js";
import { type GetAgentBudgetReturnType, getAgentBudget } from "./getAgentBudget.js";

/** ERC-7579 mode: single call, default execution (revert on failure). */
const SINGLE_DEFAULT_MODE: Hex = `0x${"0".repeat(64)}`;

/**
 * Parameters of {@link prepareBudgetRedemption}.
 *
 * @example
 * ```ts
 * import type { PrepareBudgetRedemptionParameters } from "@preflow/budget";
 * const parameters: PrepareBudgetRedemptionParameters = { budget, flow, feeCurrency: "USDm" };
 * ```
 */
export interface PrepareBudgetRedemptionParameters {
  budget: unknown;
  /** The owner's prepared flow (for example `prepareSend(owner, to, "USDC", "2")`). */
  flow: unknown;
  /** What the agent pays gas in (CIP-64): `"CELO"`, a fee-currency token, or `"auto"` (core's rules); default the client's. */
  feeCurrency?: FeeCurrencyInput | undefined;
  /** A state read just before (checked instead of reading it again); default: read now, in the same request as the preparation. */
  state?: GetAgentBudgetReturnType | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * What {@link prepareBudgetRedemption} returns.
 *
 * @example
 * ```ts
 * import type { PrepareBudgetRedemptionReturnType } from "@preflow/budget";
 * const words = (r: PrepareBudgetRedemptionReturnType) => r.flow.summary;
 * ```
 */
export interface PrepareBudgetRedemptionReturnType {
  /**
   * A prepared flow from the agent (core's `prepareContractCall`): one `redeemDelegations` step, tagged, gas
   * estimated (an enforcer's refusal fails it, in words), `fee` planned when gas is paid in a fee currency.
   */
  flow: SerializedPreparedFlow;
  transfers: BudgetTransfer[];
  state: GetAgentBudgetReturnType;
}

/**
 * Turns an owner's prepared flow that the budget covers into the agent's transaction: one
 * `DelegationManager.redeemDelegations` call carrying one single-mode execution per transfer (a native CELO
 * payment becomes CELO's ERC-20 `transfer`, the same balance), the client's ERC-8021 tag on its calldata, and
 * the fee currency the agent pays gas in, prepared by core's `prepareContractCall`. Refuses before anything is
 * signed when the budget does not cover the flow ({@link checkBudgetCoverage}); a flow that is not a covered kind
 * (not the owner's, not plain transfers of budgeted tokens, a recipient not allowed) is refused before any
 * request. HTTP requests: 1 (the budget's state and the call's preparation in one JSON-RPC batch), the same with
 * `state`.
 *
 * @throws `BudgetError` (the refusals of {@link checkBudgetCoverage}, `BUDGET_INVALID`), `InvalidFeeCurrencyError`, the read's errors.
 *
 * @example
 * ```ts
 * import { prepareBudgetRedemption } from "@preflow/budget";
 * import { executePreparedFlow } from "@preflow/core";
 * const { flow } = await prepareBudgetRedemption(client, { budget, flow: ownersFlow });
 * await executePreparedFlow(client.publicClient, { account: agentAccount, flow });
 * ```
 */
export async function prepareBudgetRedemption(
  client: SdkBaseClient,
  parameters: PrepareBudgetRedemptionParameters,
): Promise<PrepareBudgetRedemptionReturnType> {
  const {
    budget,
    flow,
    feeCurrency,
    state: given,
    signal,
  } = rejectUnknownKeys(parameters, "parameters", ["budget", "flow", "feeCurrency", "state", "signal"]);
  if (feeCurrency !== undefined) resolveFeeCurrencyInput(feeCurrency); // refused before any I/O
  const b = given?.budget ?? parseBudget(budget);
  // What the flow moves needs no chain state: a flow the budget cannot cover is refused here, before any request,
  // and the redemption is prepared in the same tick as the state read (one JSON-RPC batch).
  const moves = transfersOfFlow(b, parsePreparedFlow(flow));
  const executions = moves.map((t) => ({
    context: permissionContext(
      b.delegation,
      caveatsWithArgs(
        b.delegation.caveats,
        b.recipients,
        t.to,
        b.limits.findIndex((l) => l.address === t.tokenAddress),
      ),
    ),
    call: encodePacked(
      ["address", "uint256", "bytes"],
      [
        t.tokenAddress,
        0n,
        encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [t.to, BigInt(t.baseUnits)] }),
      ],
    ),
  }));
  const words = moves.map((t) => `${t.amount} ${t.token} to ${t.to}`).join(", ");
  const [read, prepared] = await Promise.allSettled([
    given ?? getAgentBudget(client, { budget: b, ...(signal === undefined ? {} : { signal }) }),
    prepareContractCall(client, {
      from: b.agent,
      to: FRAMEWORK.DelegationManager,
      abi: delegationManagerAbi,
      functionName: "redeemDelegations",
      args: [
        executions.map((e) => e.context),
        executions.map(() => SINGLE_DEFAULT_MODE),
        executions.map((e) => e.call),
      ],
      description: `Redeem the budget of ${b.owner}: ${words}`,
      ...(feeCurrency === undefined ? {} : { feeCurrency }),
      ...(signal === undefined ? {} : { signal }),
    }),
  ]);
  // The state's refusals (revoked, expired, exceeded) come first: they say why, where a failed preparation (an
  // enforcer's revert in the fee simulation) would only echo it.
  if (read.status === "rejected") throw read.reason;
  const state = read.value;
  const transfers = checkStateCovers(state, () => moves);
  if (prepared.status === "rejected") throw prepared.reason;
  return { flow: prepared.value, transfers, state };
}
