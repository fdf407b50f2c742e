import { maxUint256 } from "viem";
import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InsufficientBalanceError } from "../../../errors/amount.js";
import type { TokenReadError } from "../../../errors/token.js";
import { planFlowFee } from "../../../fees/flowFee.js";
import { buildApproveStep } from "../../../flow/buildApproveStep.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import { allowanceCall, balanceOfCall, expectUint } from "../../../tokens/erc20Reads.js";
import { expectBalance } from "../../../tokens/expectBalance.js";
import {
  expectReserveUsable,
  readAave,
  reserveDataOf,
  reserveDataRead,
  userReserveDataOf,
  userReserveDataRead,
} from "../aaveReads.js";
import { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "../addresses.js";
import { buildPoolStep } from "../buildPoolStep.js";
import { AmountExceedsPositionError, NoLendingPositionError } from "../lendingErrors.js";
import type { AaveLendingErrorType } from "../lendingErrorType.js";
import { REPAY_MAX_INTEREST_MARGIN_BPS } from "../lendingLimits.js";
import { type AaveLendingActionParameters, parseLendingParameters } from "../parseLendingParameters.js";
import { aavePoolFlow } from "../poolFlow.js";

/**
 * Parameters of {@link prepareAaveRepay}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareAaveRepayParameters } from "@preflow/core";
 * const parameters: PrepareAaveRepayParameters = { from, token: "USDm", amount: "max" };
 * ```
 */
export interface PrepareAaveRepayParameters extends AaveLendingActionParameters {
  /** A human decimal string (`"20"`), or `"max"` for the whole variable debt, interest until inclusion included. */
  amount: string;
}

/**
 * The return type of {@link prepareAaveRepay}: `[approve (only when the allowance is short), repay]`, with `intent`
 * `{ kind: "repay", protocol: "aave-v3", token, amount }` (`amount` is 2^256 − 1 for `"max"`, as in the calldata)
 * and `preparedAt`.
 *
 * @example
 * ```ts
 * import type { PrepareAaveRepayReturnType } from "@preflow/core";
 * const flow: PrepareAaveRepayReturnType = await client.aave.prepareRepay(from, "USDm", "max");
 * ```
 */
export type PrepareAaveRepayReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareAaveRepay} throws.
 *
 * @example
 * ```ts
 * import type { PrepareAaveRepayErrorType } from "@preflow/core";
 * ```
 */
export type PrepareAaveRepayErrorType =
  | AaveLendingErrorType
  | NoLendingPositionError
  | AmountExceedsPositionError
  | InsufficientBalanceError
  | TokenReadError;

/**
 * Prepares a repayment of variable-rate debt on Aave v3: an exact `approve` of the Pool (only when the allowance is
 * short), then `Pool.repay(asset, amount, 2, from)`.
 *
 * `"max"` repays the whole debt: it calls `repay` with `type(uint256).max`, so the Pool takes exactly the debt at
 * inclusion, and approves the debt read now plus {@link REPAY_MAX_INTEREST_MARGIN_BPS} (0.1 %) for the interest
 * accrued until then (the approve step's description says so). The balance must cover the debt plus that margin.
 * A fixed amount must not exceed the debt (pass `"max"` instead) and must be covered by the balance.
 *
 * HTTP requests: 1 (the debt, balance, allowance, reserve data and the block number in one Multicall3 call).
 *
 * @throws {@link PrepareAaveRepayErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareAaveRepay } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const flow = await prepareAaveRepay(client, { from, token: "USDm", amount: "max" });
 * // flow.steps: [approve Aave v3 Pool debt + 0.1 % (if needed), repay(USDm, 2^256 - 1, 2, from)]
 * ```
 */
export async function prepareAaveRepay(
  client: SdkBaseClient,
  parameters: PrepareAaveRepayParameters,
): Promise<PrepareAaveRepayReturnType> {
  const { from, token, amount, feeCurrency, signal } = parseLendingParameters(parameters, "repay");
  const argument = amount === "max" ? maxUint256 : amount;
  const repayStep = (what: string) =>
    buildPoolStep(
      { functionName: "repay", args: [token.address, argument, 2n, from] },
      `Repay ${what} of variable debt on Aave v3 for ${from}`,
      client.tag,
    );
  // the fee's sketch: the approval (of the debt plus margin with "max": the most it can be here) and the repay
  const plan = await planFlowFee(client, feeCurrency, {
    from,
    alternatives: [
      [
        buildApproveStep({ token, spender: AAVE_V3_ADDRESSES.pool, amount: argument, tag: client.tag }),
        repayStep(""),
      ],
    ],
  });

  const read = await readAave(
    client,
    [
      userReserveDataRead(token.address, from),
      balanceOfCall(token, from),
      allowanceCall(token, from, AAVE_V3_ADDRESSES.pool),
      reserveDataRead(token.address),
    ],
    signal,
    plan,
  );
  const debt = userReserveDataOf(read.reads[0]).variableDebt;
  const balance = expectUint(read.reads[1], token, "balanceOf");
  const allowance = expectUint(read.reads[2], token, "allowance");
  expectReserveUsable(reserveDataOf(read.reads[3]), token, "repay");

  const format = (value: bigint) => formatAmount(value, token.decimals);
  if (debt === 0n) throw new NoLendingPositionError({ operation: "repay", token: token.symbol, owner: from });
  if (amount !== "max" && amount > debt) {
    throw new AmountExceedsPositionError({
      operation: "repay",
      token: token.symbol,
      amount,
      position: debt,
      amountFormatted: format(amount),
      positionFormatted: format(debt),
    });
  }
  const margin =
    amount === "max" ? (debt * BigInt(REPAY_MAX_INTEREST_MARGIN_BPS) + 9_999n) / 10_000n || 1n : 0n;
  const need = amount === "max" ? debt + margin : amount;
  expectBalance(from, token, balance, need);

  const steps: PreparedStep[] = [];
  if (allowance < need) {
    const approve = buildApproveStep({
      token,
      spender: AAVE_V3_ADDRESSES.pool,
      amount: need,
      tag: client.tag,
      spenderLabel: AAVE_V3_POOL_LABEL,
    });
    if (amount === "max") {
      approve.description = `${approve.description}: the debt of ${format(debt)} ${token.symbol} plus ${format(margin)} (${REPAY_MAX_INTEREST_MARGIN_BPS / 100} %) for interest accrued until the repayment is included`;
    }
    steps.push(approve);
  }
  const what =
    amount === "max"
      ? `the whole ${token.symbol} debt (${format(debt)} now, plus interest until inclusion)`
      : `${format(amount)} ${token.symbol}`;
  steps.push(repayStep(what));
  const flow = {
    from,
    summary: `Repay ${what} on Aave v3 from ${from}${steps.length > 1 ? " after approving the Pool" : ""}`,
    steps,
    kind: "repay",
    token: token.address,
  } as const;
  return aavePoolFlow(plan, read, flow, argument, [{ token, amount: need }]);
}
