import { resolveFeeCurrencyInput, type SdkBaseClient, type SerializedPreparedFlow } from "@preflow/core";
import { rejectUnknownKeys } from "@preflow/errors";
import { type Address, encodeFunctionData, encodePacked, erc20Abi, getAddress, type Hex } from "viem";
import { delegationManagerAbi } from "../abi.js";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK } from "../constants.js";
import { caveatsWithArgs } from "../internal/caveats.js";
import { permissionContext } from "../internal/delegation.js";
import { type BudgetTransfer, checkBudgetCoverage } from "./checkBudgetCoverage.js";
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
  /** What the agent pays gas in (CIP-64): `"CELO"` (default) or a fee-currency token symbol or address. */
  feeCurrency?: string | undefined;
  /** A state read just before (saves the read); default: read now (1 request). */
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
  /** A prepared flow from the agent: one `redeemDelegations` step (tagged), for `executePreparedFlow`. */
  flow: SerializedPreparedFlow;
  transfers: BudgetTransfer[];
  state: GetAgentBudgetReturnType;
}

/**
 * Turns an owner's prepared flow that the budget covers into the agent's transaction: one
 * `DelegationManager.redeemDelegations` call carrying one single-mode execution per transfer (a native CELO
 * payment becomes CELO's ERC-20 `transfer`, the same balance), the client's ERC-8021 tag on its calldata, and
 * the fee currency the agent pays gas in. Refuses before anything is signed when the budget does not cover the
 * flow ({@link checkBudgetCoverage}). HTTP requests: 1 (the budget's state), 0 with `state`.
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
  const fee = resolveFeeCurrencyInput(feeCurrency);
  if (fee.kind === "auto")
    throw new (await import("@preflow/errors")).InvalidArgumentError({
      field: "feeCurrency",
      value: feeCurrency,
      rule: '"auto" is not supported here: name the currency, or "CELO"',
    });
  const state =
    given ?? (await getAgentBudget(client, { budget, ...(signal === undefined ? {} : { signal }) }));
  const transfers = checkBudgetCoverage({ state, flow });
  const b = state.budget;
  const executions = transfers.map((t) => ({
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
  const data = client.tag(
    encodeFunctionData({
      abi: delegationManagerAbi,
      functionName: "redeemDelegations",
      args: [
        executions.map((e) => e.context),
        executions.map(() => SINGLE_DEFAULT_MODE),
        executions.map((e) => e.call),
      ],
    }),
  );
  const words = transfers.map((t) => `${t.amount} ${t.token} to ${t.to}`).join(", ");
  const redemption: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: 42220,
    from: getAddress(b.agent) as Address,
    summary: `Pay ${words} from ${b.owner}'s budget (redeemDelegations by the agent ${b.agent})`,
    steps: [
      {
        kind: "contract",
        to: FRAMEWORK.DelegationManager,
        data,
        value: "0",
        description: `Redeem the budget of ${b.owner}: ${words}`,
        ...(fee.kind === "currency" ? { feeCurrency: fee.feeCurrency } : {}),
      },
    ],
  } as SerializedPreparedFlow;
  return { flow: redemption, transfers, state };
}
