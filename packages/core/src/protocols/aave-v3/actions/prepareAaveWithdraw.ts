import { maxUint256 } from "viem";
import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import { planFlowFee } from "../../../fees/flowFee.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { readAaveAccountReserve } from "../aaveReads.js";
import { buildPoolStep } from "../buildPoolStep.js";
import { expectHealthFactorAbove } from "../expectHealthFactorAbove.js";
import { toBaseCurrency } from "../healthFactor.js";
import {
  AmountExceedsPositionError,
  type HealthFactorTooLowError,
  NoLendingPositionError,
} from "../lendingErrors.js";
import type { AaveLendingErrorType } from "../lendingErrorType.js";
import {
  type AaveHealthFactorFloorOption,
  type AaveLendingActionParameters,
  parseLendingParameters,
} from "../parseLendingParameters.js";
import { aavePoolFlow } from "../poolFlow.js";

/**
 * Parameters of {@link prepareAaveWithdraw}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareAaveWithdrawParameters } from "@preflow/core";
 * const parameters: PrepareAaveWithdrawParameters = { from, token: "USDC", amount: "max" };
 * ```
 */
export interface PrepareAaveWithdrawParameters
  extends AaveLendingActionParameters,
    AaveHealthFactorFloorOption {
  /** A human decimal string (`"50"`), or `"max"` for everything supplied, interest included. */
  amount: string;
}

/**
 * The return type of {@link prepareAaveWithdraw}: `[withdraw]`, with `intent` `{ kind: "withdraw", protocol:
 * "aave-v3", token, amount }` (`amount` is 2^256 − 1 for `"max"`, as in the calldata) and `preparedAt`.
 *
 * @example
 * ```ts
 * import type { PrepareAaveWithdrawReturnType } from "@preflow/core";
 * const flow: PrepareAaveWithdrawReturnType = await client.aave.prepareWithdraw(from, "USDC", "max");
 * ```
 */
export type PrepareAaveWithdrawReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareAaveWithdraw} throws.
 *
 * @example
 * ```ts
 * import type { PrepareAaveWithdrawErrorType } from "@preflow/core";
 * ```
 */
export type PrepareAaveWithdrawErrorType =
  | AaveLendingErrorType
  | NoLendingPositionError
  | AmountExceedsPositionError
  | HealthFactorTooLowError;

/**
 * Prepares a withdrawal from Aave v3: `Pool.withdraw(asset, amount, from)`; `"max"` withdraws everything supplied
 * (`type(uint256).max`, so interest accrued until inclusion comes along). Refuses, before anything is sent, a
 * withdrawal that would leave the health factor below the floor (default 1.0).
 *
 * The health-factor estimate starts from `getUserAccountData` (collateral, debt, average liquidation threshold),
 * the oracle price and the reserve's liquidation threshold, all read at one block, and rounds every step against
 * the account: it is never above the health factor Aave computes on chain for that block, and at most about
 * 2 × health factor / (average liquidation threshold in basis points) below it: 0.0003 for a health factor of 1.2
 * at a 78 % threshold (a property test checks both bounds against a model of Aave's arithmetic). Interest that
 * accrues until the transaction is included is not in it: a withdrawal that leaves the health factor within a hair
 * of the floor can still revert on chain.
 *
 * HTTP requests: 1 (account data, the user's reserve data, reserve configuration, price and the block number in
 * one Multicall3 call).
 *
 * @throws {@link PrepareAaveWithdrawErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareAaveWithdraw } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const all = await prepareAaveWithdraw(client, { from, token: "USDC", amount: "max" });
 * const some = await prepareAaveWithdraw(client, { from, token: "USDC", amount: "25", healthFactorFloor: "1.5" });
 * ```
 */
export async function prepareAaveWithdraw(
  client: SdkBaseClient,
  parameters: PrepareAaveWithdrawParameters,
): Promise<PrepareAaveWithdrawReturnType> {
  const { from, token, amount, floor, feeCurrency, signal } = parseLendingParameters(parameters, "withdraw");
  const withdrawStep = (argument: bigint, what: string) =>
    buildPoolStep(
      { functionName: "withdraw", args: [token.address, argument, from] },
      `Withdraw ${what} from Aave v3 to ${from}`,
      client.tag,
    );
  const plan = await planFlowFee(client, feeCurrency, {
    from,
    alternatives: [[withdrawStep(amount === "max" ? maxUint256 : amount, "")]],
  });

  const { position, account, reserve, price, blockNumber, fee } = await readAaveAccountReserve(
    client,
    { from, token, operation: "withdraw" },
    signal,
    plan,
  );

  const supplied = position.supplied;
  const suppliedHuman = formatAmount(supplied, token.decimals);
  if (supplied === 0n)
    throw new NoLendingPositionError({ operation: "withdraw", token: token.symbol, owner: from });
  const value = amount === "max" ? supplied : amount;
  const human = formatAmount(value, token.decimals);
  if (value > supplied) {
    throw new AmountExceedsPositionError({
      operation: "withdraw",
      token: token.symbol,
      amount: value,
      position: supplied,
      amountFormatted: human,
      positionFormatted: suppliedHuman,
    });
  }

  if (position.usedAsCollateral && reserve.liquidationThreshold > 0 && account.totalDebtBase > 0n) {
    expectHealthFactorAbove(
      floor,
      account,
      {
        collateralDecreaseBase: toBaseCurrency(value, price, token.decimals, "up"),
        collateralDecreaseThreshold: BigInt(reserve.liquidationThreshold),
      },
      { operation: "withdraw", token: token.symbol, amount: amount === "max" ? `all ${human}` : human },
    );
  }

  const argument = amount === "max" ? maxUint256 : value;
  const what =
    amount === "max"
      ? `all supplied ${token.symbol} (${human} now, plus interest until inclusion)`
      : `${human} ${token.symbol}`;
  const flow = {
    from,
    summary: `Withdraw ${what} from Aave v3 to ${from}`,
    steps: [withdrawStep(argument, what)],
    kind: "withdraw",
    token: token.address,
  } as const;
  return aavePoolFlow(plan, { blockNumber, fee }, flow, argument);
}
