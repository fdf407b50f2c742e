import { formatAmount } from "../../amounts/formatAmount.js";
import type { UserAccountData } from "./aaveReads.js";
import {
  type EstimateHealthFactorParameters,
  estimateHealthFactor,
  reportedHealthFactor,
} from "./healthFactor.js";
import { HealthFactorTooLowError } from "./lendingErrors.js";

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
