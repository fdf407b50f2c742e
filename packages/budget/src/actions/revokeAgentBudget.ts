import {
  type ExecutePreparedFlowReturnType,
  executePreparedFlow,
  type SdkBaseClient,
  type SerializedPreparedFlow,
  sendPreparedFlowWithWallet,
} from "@preflow/core";
import { rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData } from "viem";
import { delegationManagerAbi } from "../abi.js";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK } from "../constants.js";
import { BudgetError } from "../errors/BudgetError.js";
import { delegationTuple } from "../internal/delegation.js";
import { type BudgetOwner, ownerSigner } from "../internal/ownerSigner.js";
import { parseBudget } from "../internal/parseBudget.js";

/**
 * Parameters of {@link revokeAgentBudget}.
 *
 * @example
 * ```ts
 * import type { RevokeAgentBudgetParameters } from "@preflow/budget";
 * const parameters: RevokeAgentBudgetParameters = { owner: privateKeyToAccount(ownerKey), budget };
 * ```
 */
export interface RevokeAgentBudgetParameters {
  /** The budget's owner (a local account or a wallet client): only the delegator can disable its delegation. */
  owner: BudgetOwner;
  budget: unknown;
  receiptTimeoutMs?: number | undefined;
}

/**
 * What {@link revokeAgentBudget} returns: core's execution result of the owner's `disableDelegation` transaction.
 *
 * @example
 * ```ts
 * import type { RevokeAgentBudgetReturnType } from "@preflow/budget";
 * const hash = (r: RevokeAgentBudgetReturnType) => r.steps[0]?.hash;
 * ```
 */
export type RevokeAgentBudgetReturnType = ExecutePreparedFlowReturnType;

/**
 * Revokes a budget on chain: the owner calls `DelegationManager.disableDelegation(delegation)` (tagged), after
 * which every redemption reverts (`CannotUseADisabledDelegation`). The owner pays the gas.
 *
 * @throws `BudgetError` `BUDGET_INVALID`, or `BUDGET_FLOW_NOT_COVERED` when `owner` is not the budget's owner; `InvalidArgumentError`.
 *
 * @example
 * ```ts
 * import { revokeAgentBudget } from "@preflow/budget";
 * const result = await revokeAgentBudget(client, { owner: privateKeyToAccount(ownerKey), budget });
 * console.log(result.status, result.steps[0]?.hash);
 * ```
 */
export async function revokeAgentBudget(
  client: SdkBaseClient,
  parameters: RevokeAgentBudgetParameters,
): Promise<RevokeAgentBudgetReturnType> {
  const {
    owner,
    budget: input,
    receiptTimeoutMs,
  } = rejectUnknownKeys(parameters, "parameters", ["owner", "budget", "receiptTimeoutMs"]);
  const budget = parseBudget(input);
  const signer = ownerSigner(client, owner);
  if (signer.address !== budget.owner)
    throw new BudgetError({
      code: "BUDGET_FLOW_NOT_COVERED",
      message: `Only the budget's owner ${budget.owner} can revoke it, not ${signer.address}.`,
      details: { owner: budget.owner },
    });
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: 42220,
    from: budget.owner,
    summary: `Revoke the budget of agent ${budget.agent}`,
    steps: [
      {
        kind: "contract",
        to: FRAMEWORK.DelegationManager,
        data: client.tag(
          encodeFunctionData({
            abi: delegationManagerAbi,
            functionName: "disableDelegation",
            args: [delegationTuple(budget.delegation)],
          }),
        ),
        value: "0",
        description: `Disable the delegation ${budget.delegationHash} to ${budget.agent}`,
      },
    ],
  } as SerializedPreparedFlow;
  return client.track("budget.revokeAgentBudget", budget.owner, () =>
    signer.local
      ? executePreparedFlow(client.publicClient, {
          account: signer.local!,
          flow,
          ...(receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs }),
        })
      : (sendPreparedFlowWithWallet(signer.wallet, { flow }) as Promise<ExecutePreparedFlowReturnType>),
  );
}
