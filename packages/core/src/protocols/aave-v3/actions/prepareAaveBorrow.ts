import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import { planFlowFee } from "../../../fees/flowFee.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { readAaveAccountReserve } from "../aaveReads.js";
import { buildPoolStep } from "../buildPoolStep.js";
import { expectHealthFactorAbove } from "../expectHealthFactorAbove.js";
import { BASE_CURRENCY_DECIMALS, toBaseCurrency } from "../healthFactor.js";
import { BorrowLimitExceededError, type HealthFactorTooLowError } from "../lendingErrors.js";
import type { AaveLendingErrorType } from "../lendingErrorType.js";
import {
  type AaveHealthFactorFloorOption,
  type AaveLendingActionParameters,
  parseLendingParameters,
} from "../parseLendingParameters.js";
import { aavePoolFlow } from "../poolFlow.js";

/**
 * Parameters of {@link prepareAaveBorrow}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareAaveBorrowParameters } from "@preflow/core";
 * const parameters: PrepareAaveBorrowParameters = { from, token: "USDm", amount: "50", healthFactorFloor: "1.5" };
 * ```
 */
export interface PrepareAaveBorrowParameters
  extends AaveLendingActionParameters,
    AaveHealthFactorFloorOption {
  /** A human decimal string (`"50"`), exact to the token's decimals. */
  amount: string;
}

/**
 * The return type of {@link prepareAaveBorrow}: `[borrow]` at the variable rate, with `intent` `{ kind: "borrow",
 * protocol: "aave-v3", token, amount }` and `preparedAt`.
 *
 * @example
 * ```ts
 * import type { PrepareAaveBorrowReturnType } from "@preflow/core";
 * const flow: PrepareAaveBorrowReturnType = await client.aave.prepareBorrow(from, "USDm", "50");
 * ```
 */
export type PrepareAaveBorrowReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareAaveBorrow} throws.
 *
 * @example
 * ```ts
 * import type { PrepareAaveBorrowErrorType } from "@preflow/core";
 * ```
 */
export type PrepareAaveBorrowErrorType =
  | AaveLendingErrorType
  | BorrowLimitExceededError
  | HealthFactorTooLowError;

/**
 * Prepares a variable-rate borrow from Aave v3: `Pool.borrow(asset, amount, 2, 0, from)`. Refuses, before
 * anything is sent, an amount above the account's available borrows (`BorrowLimitExceededError`, naming them) or
 * one that would take the health factor below the floor (default 1.1; `HealthFactorTooLowError`). The reserve must
 * be listed, active, not paused or frozen, with borrowing enabled. The reserve's free liquidity is not checked:
 * a borrow above it reverts on chain.
 *
 * The borrow's value is the amount at the oracle price, rounded up; the health-factor estimate after it is never
 * above what Aave computes on chain at the block read, and at most about 2 × health factor / (average liquidation
 * threshold in basis points) below it (see {@link prepareAaveWithdraw}); interest accrued until inclusion is not in it.
 *
 * HTTP requests: 1 (account data, reserve configuration, price and the block number in one Multicall3 call).
 *
 * @throws {@link PrepareAaveBorrowErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareAaveBorrow } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const flow = await prepareAaveBorrow(client, { from, token: "USDm", amount: "50", healthFactorFloor: "1.5" });
 * // flow.steps: [borrow(USDm, 50e18, 2, 0, from)]
 * ```
 */
export async function prepareAaveBorrow(
  client: SdkBaseClient,
  parameters: PrepareAaveBorrowParameters,
): Promise<PrepareAaveBorrowReturnType> {
  const { from, token, amount, floor, feeCurrency, signal } = parseLendingParameters(parameters, "borrow");
  const value = amount as bigint;
  const human = formatAmount(value, token.decimals);
  const description = `Borrow ${human} ${token.symbol} from Aave v3 at the variable rate, to ${from}`;
  const borrow = buildPoolStep(
    { functionName: "borrow", args: [token.address, value, 2n, 0, from] },
    description,
    client.tag,
  );
  const plan = await planFlowFee(client, feeCurrency, { from, alternatives: [[borrow]] });

  const { account, price, blockNumber, fee } = await readAaveAccountReserve(
    client,
    { from, token, operation: "borrow" },
    signal,
    plan,
  );

  const borrowBase = toBaseCurrency(value, price, token.decimals, "up");
  if (borrowBase > account.availableBorrowsBase) {
    const availableInToken = (account.availableBorrowsBase * 10n ** BigInt(token.decimals)) / price;
    throw new BorrowLimitExceededError({
      token: token.symbol,
      amount: human,
      availableUsd: formatAmount(account.availableBorrowsBase, BASE_CURRENCY_DECIMALS),
      availableInToken: formatAmount(availableInToken, token.decimals),
    });
  }
  expectHealthFactorAbove(
    floor,
    account,
    { debtIncreaseBase: borrowBase },
    { operation: "borrow", token: token.symbol, amount: human },
  );

  const flow = { from, summary: description, steps: [borrow], kind: "borrow", token: token.address } as const;
  return aavePoolFlow(plan, { blockNumber, fee }, flow, value);
}
