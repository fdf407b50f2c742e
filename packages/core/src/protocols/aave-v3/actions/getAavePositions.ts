import type { Address } from "viem";
import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InvalidAddressError } from "../../../errors/address.js";
import type { ReadBatchErrorType } from "../../../rpc/readBatch.js";
import type { TokenInfo } from "../../../tokens/registry.js";
import { parseAccountReadParameters } from "../../../validation/parseAccountReadParameters.js";
import {
  assetPriceOf,
  assetPriceRead,
  readAave,
  reserveDataOf,
  reserveDataRead,
  reservesListOf,
  reservesListRead,
  userAccountDataOf,
  userAccountDataRead,
  userReserveDataOf,
  userReserveDataRead,
} from "../aaveReads.js";
import { BASE_CURRENCY_DECIMALS, reportedHealthFactor } from "../healthFactor.js";
import type { AaveReadError } from "../lendingErrors.js";
import { AAVE_V3_RESERVE_TOKENS } from "../reserves.js";

/**
 * An exact amount and its human form.
 *
 * @example
 * ```ts
 * import type { AaveAmount } from "@preflow/core";
 * const supplied: AaveAmount = { value: 100_000_000n, formatted: "100" };
 * ```
 */
export interface AaveAmount {
  /** Base units (a token's decimals; USD amounts: 8 decimals; the health factor: 18). */
  value: bigint;
  /** The exact decimal form of `value`. */
  formatted: string;
}

/**
 * One reserve of the market and the owner's position in it.
 *
 * @example
 * ```ts
 * import type { AaveReservePosition } from "@preflow/core";
 * const usdc: AaveReservePosition = positions.reserves.find((reserve) => reserve.token.symbol === "USDC")!;
 * usdc.supplied.formatted; // "100.000012"
 * ```
 */
export interface AaveReservePosition {
  /** The underlying token (registry entry). */
  token: TokenInfo;
  /** The reserve's aToken (read on chain). */
  aToken: Address;
  /** The reserve's variable-debt token (read on chain). */
  variableDebtToken: Address;
  /** Supplied, interest included (the aToken balance), in the token. */
  supplied: AaveAmount;
  /** Variable debt, interest included, in the token. */
  borrowed: AaveAmount;
  /** Whether the supply counts as collateral. */
  usedAsCollateral: boolean;
  /** The oracle's price, USD with 8 decimals. */
  price: AaveAmount;
  /** The reserve's loan-to-value, basis points. */
  ltv: number;
  /** The reserve's liquidation threshold, basis points. */
  liquidationThreshold: number;
}

/**
 * The account as Aave's `getUserAccountData` reports it: USD amounts with 8 decimals.
 *
 * @example
 * ```ts
 * import type { AaveAccount } from "@preflow/core";
 * const account: AaveAccount = (await client.aave.getPositions(owner)).account;
 * account.healthFactor?.formatted; // "2.0799..." or null without debt
 * ```
 */
export interface AaveAccount {
  /** Collateral, USD (8 decimals). */
  totalCollateral: AaveAmount;
  /** Debt, USD (8 decimals). */
  totalDebt: AaveAmount;
  /** What can still be borrowed, USD (8 decimals). */
  availableBorrows: AaveAmount;
  /** Weighted average liquidation threshold of the collateral, basis points. */
  liquidationThreshold: number;
  /** Weighted average loan-to-value of the collateral, basis points. */
  ltv: number;
  /** The health factor (18 decimals; below 1.0 the account can be liquidated), `null` without debt. */
  healthFactor: AaveAmount | null;
}

/**
 * Parameters of {@link getAavePositions}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetAavePositionsParameters } from "@preflow/core";
 * const parameters: GetAavePositionsParameters = { owner: "0x1111111111111111111111111111111111111111" };
 * ```
 */
export interface GetAavePositionsParameters {
  /** The account whose positions to read. */
  owner: string;
  /** Aborts the read (`RequestAbortedError`). */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link getAavePositions}.
 *
 * @example
 * ```ts
 * import type { GetAavePositionsReturnType } from "@preflow/core";
 * const { reserves, account, blockNumber }: GetAavePositionsReturnType = await client.aave.getPositions(owner);
 * ```
 */
export interface GetAavePositionsReturnType {
  owner: Address;
  /** Every reserve of {@link AAVE_V3_RESERVES} listed on chain, in reserve order, with the owner's position. */
  reserves: AaveReservePosition[];
  /** The account's totals and health factor. */
  account: AaveAccount;
  /**
   * Reserves listed on chain that preflow does not know (not in {@link AAVE_V3_RESERVES}): their positions are in
   * `account`'s totals but not in `reserves`.
   */
  otherReserves: Address[];
  /** The block all of it was read at. */
  blockNumber: bigint;
}

/**
 * The errors {@link getAavePositions} throws.
 *
 * @example
 * ```ts
 * import type { GetAavePositionsErrorType } from "@preflow/core";
 * ```
 */
export type GetAavePositionsErrorType = InvalidAddressError | AaveReadError | ReadBatchErrorType;

const amountOf = (value: bigint, decimals: number): AaveAmount => ({
  value,
  formatted: formatAmount(value, decimals),
});

/**
 * Reads `owner`'s Aave v3 positions: per reserve, what is supplied and borrowed (base units and formatted, interest
 * included), whether it is collateral, the oracle price and the reserve's risk parameters; and the account's
 * collateral, debt, available borrows (USD, 8 decimals as Aave reports them) and health factor (`null` without
 * debt). aToken and debt-token addresses are read on chain. A tracked read (`aave.getPositions`).
 *
 * HTTP requests: 1 (account data, the reserve list and, per reserve, reserve data, the user's reserve data and the
 * price, with the block number, in one Multicall3 call).
 *
 * @throws {@link GetAavePositionsErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getAavePositions } from "@preflow/core";
 *
 * const { reserves, account } = await getAavePositions(createSdkBaseClient(), { owner });
 * for (const reserve of reserves) console.log(reserve.token.symbol, reserve.supplied.formatted, reserve.borrowed.formatted);
 * console.log(account.healthFactor?.formatted ?? "no debt");
 * ```
 */
export async function getAavePositions(
  client: SdkBaseClient,
  parameters: GetAavePositionsParameters,
): Promise<GetAavePositionsReturnType> {
  const { address: owner, signal } = parseAccountReadParameters(parameters, "owner");
  return client.track("aave.getPositions", owner, async () => {
    const { reads: results, blockNumber } = await readAave(
      client,
      [
        userAccountDataRead(owner),
        reservesListRead(),
        ...AAVE_V3_RESERVE_TOKENS.flatMap((token) => [
          reserveDataRead(token.address),
          userReserveDataRead(token.address, owner),
          assetPriceRead(token.address),
        ]),
      ],
      signal,
    );
    const data = userAccountDataOf(results[0]);
    const listed = reservesListOf(results[1]);
    const onChain = new Set(listed.map((address) => address.toLowerCase()));
    const reserves: AaveReservePosition[] = [];
    AAVE_V3_RESERVE_TOKENS.forEach((token, index) => {
      if (!onChain.has(token.address.toLowerCase())) return;
      const [reserveResult, userResult, priceResult] = results.slice(2 + index * 3, 5 + index * 3);
      const reserve = reserveDataOf(reserveResult);
      const position = userReserveDataOf(userResult);
      reserves.push({
        token,
        aToken: reserve.aToken,
        variableDebtToken: reserve.variableDebtToken,
        supplied: amountOf(position.supplied, token.decimals),
        borrowed: amountOf(position.variableDebt, token.decimals),
        usedAsCollateral: position.usedAsCollateral,
        price: amountOf(assetPriceOf(priceResult), BASE_CURRENCY_DECIMALS),
        ltv: reserve.ltv,
        liquidationThreshold: reserve.liquidationThreshold,
      });
    });
    const known = new Set(AAVE_V3_RESERVE_TOKENS.map((token) => token.address.toLowerCase()));
    const healthFactor = reportedHealthFactor(data.totalDebtBase, data.healthFactor);
    return {
      owner,
      reserves,
      account: {
        totalCollateral: amountOf(data.totalCollateralBase, BASE_CURRENCY_DECIMALS),
        totalDebt: amountOf(data.totalDebtBase, BASE_CURRENCY_DECIMALS),
        availableBorrows: amountOf(data.availableBorrowsBase, BASE_CURRENCY_DECIMALS),
        liquidationThreshold: Number(data.currentLiquidationThreshold),
        ltv: Number(data.ltv),
        healthFactor: healthFactor === null ? null : amountOf(healthFactor, 18),
      },
      otherReserves: listed.filter((address) => !known.has(address.toLowerCase())),
      blockNumber,
    };
  });
}
