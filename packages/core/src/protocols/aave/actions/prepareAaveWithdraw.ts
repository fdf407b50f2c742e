import { maxUint256 } from "viem";
import { formatAmount } from "../../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../../chain.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InvalidAddressError } from "../../../errors/address.js";
import type { InvalidAmountError } from "../../../errors/amount.js";
import type { InvalidArgumentError } from "../../../errors/argument.js";
import type { ChainMismatchError } from "../../../errors/chain.js";
import {
  type AaveReadError,
  type AaveReserveUnavailableError,
  AmountExceedsPositionError,
  HealthFactorTooLowError,
  NoLendingPositionError,
  type NotAnAaveReserveError,
} from "../../../errors/lending.js";
import type { RequestAbortedError, RpcError, RpcRateLimitedError } from "../../../errors/rpc.js";
import type { UnknownTokenError } from "../../../errors/token.js";
import {
  type FeeCurrencyOption,
  type FeeErrorType,
  planFlowFee,
  settleFlowFee,
} from "../../../fees/flowFee.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { TokenInput } from "../../../tokens/resolveToken.js";
import {
  assetPriceOf,
  assetPriceRead,
  expectReserveUsable,
  readAave,
  reserveDataOf,
  reserveDataRead,
  userAccountDataOf,
  userAccountDataRead,
  userReserveDataOf,
  userReserveDataRead,
} from "../aaveReads.js";
import { buildPoolStep } from "../buildPoolStep.js";
import { estimateHealthFactor, reportedHealthFactor, toBaseCurrency, WAD } from "../healthFactor.js";
import { parseLendingParameters } from "../parseLendingParameters.js";

/**
 * Parameters of {@link prepareAaveWithdraw}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareAaveWithdrawParameters } from "@preflow/core";
 * const parameters: PrepareAaveWithdrawParameters = { from, token: "USDC", amount: "max" };
 * ```
 */
export interface PrepareAaveWithdrawParameters extends FeeCurrencyOption {
  /** The account that supplied (and signs); it receives the tokens. */
  from: string;
  /** A reserve of the market ({@link AAVE_V3_RESERVES}): symbol, former ticker or address. */
  token: TokenInput;
  /** A human decimal string (`"50"`), or `"max"` for everything supplied, interest included. */
  amount: string;
  /**
   * The lowest health factor the withdrawal may leave, as a decimal string or number: default `"1"` (below it Aave
   * reverts and the account could be liquidated). Between 1 and 100.
   */
  healthFactorFloor?: string | number | undefined;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
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
  | InvalidArgumentError
  | InvalidAddressError
  | UnknownTokenError
  | NotAnAaveReserveError
  | InvalidAmountError
  | NoLendingPositionError
  | AmountExceedsPositionError
  | HealthFactorTooLowError
  | AaveReserveUnavailableError
  | AaveReadError
  | ChainMismatchError
  | RpcError
  | RpcRateLimitedError
  | RequestAbortedError
  | FeeErrorType;

/** The default floor of a withdrawal: 1.0, where Aave itself reverts. */
const WITHDRAW_FLOOR = WAD;

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
 * @throws {InvalidArgumentError} the parameters are not an object, a key is unknown, a bad `healthFactorFloor` or `signal`.
 * @throws {InvalidAddressError} `from` is not an address.
 * @throws {UnknownTokenError} the token is not in the registry.
 * @throws {NotAnAaveReserveError} the token is not a reserve of the market.
 * @throws {InvalidAmountError} the amount is neither `"max"` nor a positive decimal string for the token.
 * @throws {NoLendingPositionError} nothing of the token is supplied.
 * @throws {AmountExceedsPositionError} the amount is more than what is supplied.
 * @throws {HealthFactorTooLowError} the health factor would fall below the floor.
 * @throws {AaveReserveUnavailableError} the reserve is not listed, inactive or paused.
 * @throws {AaveReadError} an Aave read failed or returned data of the wrong shape.
 * @throws {ChainMismatchError} `rpcUrl` is not chain 42220.
 * @throws {RpcError} the endpoint failed (URL redacted).
 * @throws {RequestAbortedError} `signal` aborted.
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
  const { from, token, amount, floor, feeCurrency, signal } = parseLendingParameters(parameters, {
    allowMax: true,
    floor: { default: WITHDRAW_FLOOR },
  });
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

  const { results, blockNumber, fee } = await readAave(
    client,
    [
      userReserveDataRead(token.address, from),
      userAccountDataRead(from),
      reserveDataRead(token.address),
      assetPriceRead(token.address),
    ],
    signal,
    plan,
  );
  const position = userReserveDataOf(results[0]);
  const account = userAccountDataOf(results[1]);
  const reserve = reserveDataOf(results[2]);
  const price = assetPriceOf(results[3]);
  expectReserveUsable(reserve, token, "withdraw");

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

  const isCollateral = position.usedAsCollateral && reserve.liquidationThreshold > 0;
  if (isCollateral && account.totalDebtBase > 0n) {
    const after = estimateHealthFactor({
      collateralBase: account.totalCollateralBase,
      debtBase: account.totalDebtBase,
      liquidationThreshold: account.currentLiquidationThreshold,
      collateralDecreaseBase: toBaseCurrency(value, price, token.decimals, "up"),
      collateralDecreaseThreshold: BigInt(reserve.liquidationThreshold),
    });
    if (after !== null && after < floor) {
      const current = reportedHealthFactor(account.totalDebtBase, account.healthFactor);
      throw new HealthFactorTooLowError({
        operation: "withdraw",
        token: token.symbol,
        amount: amount === "max" ? `all ${human}` : human,
        healthFactor: formatAmount(after, 18),
        current: current === null ? null : formatAmount(current, 18),
        floor: formatAmount(floor, 18),
      });
    }
  }

  const argument = amount === "max" ? maxUint256 : value;
  const what =
    amount === "max"
      ? `all supplied ${token.symbol} (${human} now, plus interest until inclusion)`
      : `${human} ${token.symbol}`;
  const flow: PrepareAaveWithdrawReturnType = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary: `Withdraw ${what} from Aave v3 to ${from}`,
    steps: [withdrawStep(argument, what)],
    intent: { kind: "withdraw", protocol: "aave-v3", token: token.address, amount: argument.toString() },
    preparedAt: { blockNumber: String(blockNumber) },
  };
  return settleFlowFee(plan, flow, fee.reads, fee.calls);
}
