// What the four Aave prepare actions share after their read: the health-factor floor check (borrow, withdraw)
// and the flow around the one Pool call, with the Pool's approval first when it is short (supply, repay).
import type { Address, Hex } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../chain.js";
import { HealthFactorTooLowError } from "../../errors/lending.js";
import { buildApproveStep } from "../../flow/buildApproveStep.js";
import type { FlowIntent, PreparedStep, SerializedPreparedFlow } from "../../flow/types.js";
import type { TokenInfo } from "../../tokens/registry.js";
import type { UserAccountData } from "./aaveReads.js";
import { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "./addresses.js";
import { buildPoolStep, type PoolCall } from "./buildPoolStep.js";
import {
  type EstimateHealthFactorParameters,
  estimateHealthFactor,
  reportedHealthFactor,
} from "./healthFactor.js";

/**
 * Throws {@link HealthFactorTooLowError} when the health factor after `change` (a borrow's added debt, a
 * withdrawal's collateral leaving) is below `floor`. Pure. @internal
 */
export function expectHealthFactorAbove(
  floor: bigint,
  account: UserAccountData,
  change: Pick<
    EstimateHealthFactorParameters,
    "collateralDecreaseBase" | "collateralDecreaseThreshold" | "debtIncreaseBase"
  >,
  refusal: { operation: "borrow" | "withdraw"; token: string; amount: string },
): void {
  const after = estimateHealthFactor({
    collateralBase: account.totalCollateralBase,
    debtBase: account.totalDebtBase,
    liquidationThreshold: account.currentLiquidationThreshold,
    ...change,
  });
  if (after === null || after >= floor) return;
  const current = reportedHealthFactor(account.totalDebtBase, account.healthFactor);
  throw new HealthFactorTooLowError({
    ...refusal,
    healthFactor: formatAmount(after, 18),
    current: current === null ? null : formatAmount(current, 18),
    floor: formatAmount(floor, 18),
  });
}

/** One Aave lending flow: its Pool call and words, and the approval it may need first. @internal */
export interface PoolFlowParameters {
  from: Address;
  tag: (data: Hex) => Hex;
  call: PoolCall;
  /** The Pool step's description. */
  description: string;
  /** The flow's summary (" after approving the Pool" is added when an approval comes first). */
  summary: string;
  intent: FlowIntent;
  blockNumber: bigint;
  /** Supply and repay: the Pool pulls `need` of `token`; an approval of `need` comes first when `allowance` is short. */
  approval?: { token: TokenInfo; allowance: bigint; need: bigint; note?: string };
}

/** The prepared flow of one Pool call, with the Pool's approval first when it is short. Pure. @internal */
export function buildPoolFlow(parameters: PoolFlowParameters): SerializedPreparedFlow {
  const { from, tag, approval } = parameters;
  const steps: PreparedStep[] = [];
  if (approval !== undefined && approval.allowance < approval.need) {
    const approve = buildApproveStep({
      token: approval.token,
      spender: AAVE_V3_ADDRESSES.pool,
      amount: approval.need,
      tag,
      spenderLabel: AAVE_V3_POOL_LABEL,
    });
    if (approval.note !== undefined) approve.description = `${approve.description}: ${approval.note}`;
    steps.push(approve);
  }
  steps.push(buildPoolStep(parameters.call, parameters.description, tag));
  return {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary: `${parameters.summary}${steps.length > 1 ? " after approving the Pool" : ""}`,
    steps,
    intent: parameters.intent,
    preparedAt: { blockNumber: String(parameters.blockNumber) },
  };
}
