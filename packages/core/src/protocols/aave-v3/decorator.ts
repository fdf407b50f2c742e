import type { SdkBaseClient } from "../../clients/types.js";
import type { PrepareOptions } from "../../fees/flowFee.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import { parseOptions } from "../../validation/parseOptions.js";
import type { GetAavePositionsReturnType } from "./actions/getAavePositions.js";
import type { PrepareAaveBorrowReturnType } from "./actions/prepareAaveBorrow.js";
import type { PrepareAaveRepayReturnType } from "./actions/prepareAaveRepay.js";
import type { PrepareAaveSupplyReturnType } from "./actions/prepareAaveSupply.js";
import type { PrepareAaveWithdrawReturnType } from "./actions/prepareAaveWithdraw.js";
import {
  getAavePositions,
  prepareAaveBorrow,
  prepareAaveRepay,
  prepareAaveSupply,
  prepareAaveWithdraw,
} from "./lazyActions.js";
import type { AaveHealthFactorFloorOption } from "./parseLendingParameters.js";

/**
 * Options of `client.aave.prepareBorrow` and `client.aave.prepareWithdraw`: the health-factor floor and an abort signal.
 *
 * @example
 * ```ts
 * import type { AaveHealthOptions } from "@preflow/core";
 * const options: AaveHealthOptions = { healthFactorFloor: "1.5" };
 * ```
 */
export interface AaveHealthOptions extends PrepareOptions, AaveHealthFactorFloorOption {}

/**
 * `client.aave`: lending on the Aave v3 market of chain 42220 (reserves {@link AAVE_V3_RESERVES}). Every method
 * costs ONE HTTP request. `prepare*` return prepared flows (approve steps only where the allowance is short, for
 * the exact amount; the Pool call; `intent` `{ kind, protocol: "aave-v3", token, amount }`; `preparedAt`) and are
 * never tracked by telemetry; `getPositions` is a tracked read. Part of {@link createSdkClient}; add it to a
 * minimal client with `createSdkBaseClient().extend(aaveActions)`.
 *
 * @example
 * ```ts
 * import { createSdkClient } from "@preflow/core";
 * const client = createSdkClient();
 * const flow = await client.aave.prepareSupply(from, "USDC", "100");
 * ```
 */
export interface AaveActions {
  /**
   * `owner`'s positions: per reserve, supplied and borrowed (base units and formatted), collateral use, price; the
   * account's collateral, debt and available borrows (USD, 8 decimals) and health factor (`null` without debt).
   * The client form of {@link getAavePositions}. HTTP requests: 1.
   *
   * @param owner - The account.
   * @param options - `{ signal? }`.
   * @throws {@link GetAavePositionsErrorType}
   *
   * @example
   * ```ts
   * const { reserves, account } = await client.aave.getPositions(owner);
   * account.healthFactor?.formatted; // null without debt
   * ```
   */
  getPositions(owner: string, options?: ActionOptions): Promise<GetAavePositionsReturnType>;
  /**
   * Prepares `[approve (only if short), supply(asset, amount, from, 0)]` after checking the balance. The client form
   * of {@link prepareAaveSupply}. HTTP requests: 1.
   *
   * @param from - The account that supplies and signs.
   * @param token - A reserve: `"USDC"`, `"USDT"`, `"EURm"`, `"USDm"`, `"CELO"`, `"WETH"` (or an address, a former ticker).
   * @param amount - A human decimal string.
   * @param options - `{ feeCurrency?, signal? }` (`feeCurrency`: who pays the gas, default the client's, else CELO).
   * @throws {@link PrepareAaveSupplyErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.aave.prepareSupply(from, "USDC", "100");
   * ```
   */
  prepareSupply(
    from: string,
    token: TokenInput,
    amount: string,
    options?: PrepareOptions,
  ): Promise<PrepareAaveSupplyReturnType>;
  /**
   * Prepares `withdraw(asset, amount, from)`; `"max"` withdraws everything. Refuses a withdrawal that would leave the
   * health factor below the floor (default 1.0). The client form of {@link prepareAaveWithdraw}. HTTP requests: 1.
   *
   * @param from - The account that supplied and signs.
   * @param token - A reserve.
   * @param amount - A human decimal string or `"max"`.
   * @param options - `{ healthFactorFloor?, feeCurrency?, signal? }` (`feeCurrency`: who pays the gas, default the client's, else CELO).
   * @throws {@link PrepareAaveWithdrawErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.aave.prepareWithdraw(from, "USDC", "max");
   * ```
   */
  prepareWithdraw(
    from: string,
    token: TokenInput,
    amount: string,
    options?: AaveHealthOptions,
  ): Promise<PrepareAaveWithdrawReturnType>;
  /**
   * Prepares `borrow(asset, amount, 2, 0, from)` (variable rate). Refuses an amount above the available borrows or
   * one that takes the health factor below the floor (default 1.1). The client form of {@link prepareAaveBorrow}. HTTP
   * requests: 1.
   *
   * @param from - The borrower, who signs.
   * @param token - A reserve.
   * @param amount - A human decimal string.
   * @param options - `{ healthFactorFloor?, feeCurrency?, signal? }` (`feeCurrency`: who pays the gas, default the client's, else CELO).
   * @throws {@link PrepareAaveBorrowErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.aave.prepareBorrow(from, "USDm", "50", { healthFactorFloor: "1.5" });
   * ```
   */
  prepareBorrow(
    from: string,
    token: TokenInput,
    amount: string,
    options?: AaveHealthOptions,
  ): Promise<PrepareAaveBorrowReturnType>;
  /**
   * Prepares `[approve (only if short), repay(asset, amount, 2, from)]`; `"max"` repays the whole debt and approves
   * it plus 0.1 % for interest until inclusion. The client form of {@link prepareAaveRepay}. HTTP requests: 1.
   *
   * @param from - The borrower, who pays and signs.
   * @param token - A reserve.
   * @param amount - A human decimal string or `"max"`.
   * @param options - `{ feeCurrency?, signal? }` (`feeCurrency`: who pays the gas, default the client's, else CELO).
   * @throws {@link PrepareAaveRepayErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.aave.prepareRepay(from, "USDm", "max");
   * ```
   */
  prepareRepay(
    from: string,
    token: TokenInput,
    amount: string,
    options?: PrepareOptions,
  ): Promise<PrepareAaveRepayReturnType>;
}

/**
 * The `aave` group as a decorator: `createSdkBaseClient().extend(aaveActions)` gives `client.aave`
 * ({@link AaveActions}). Part of {@link createSdkClient} (it adds about 4.4 KB gzipped to a page that uses
 * `createSdkClient`; the budget test keeps that page under 60 KB); with the base client and the exported actions,
 * a page that does not lend does not bundle it.
 *
 * @param client - Any preflow client.
 * @returns `{ aave }`.
 *
 * @example
 * ```ts
 * import { aaveActions, createSdkBaseClient } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] }).extend(aaveActions);
 * const { account } = await client.aave.getPositions(owner);
 * const flow = await client.aave.prepareBorrow(owner, "USDm", "50");
 * ```
 */
export function aaveActions(client: SdkBaseClient): { aave: AaveActions } {
  /** A pool member `(from, token, amount, options)`: the options checked against `keys`, then the action run. */
  const pool =
    <P, R>(keys: readonly string[], action: (client: SdkBaseClient, parameters: P) => Promise<R>) =>
    async (from: string, token: TokenInput, amount: string, rest?: object): Promise<R> =>
      action(client, { ...parseOptions(rest, keys), from, token, amount } as unknown as P);
  const prepare = ["feeCurrency", "signal"];
  const health = ["healthFactorFloor", "feeCurrency", "signal"];
  return {
    // Each action loads its module on its first call (./lazyActions.ts), so an app that never lends does not
    // download the Aave code with `createSdkClient`. The options are checked before that load.
    aave: Object.freeze({
      getPositions: async (owner: string, rest?: ActionOptions) =>
        getAavePositions(client, { ...parseOptions(rest, ["signal"]), owner }),
      prepareSupply: pool(prepare, prepareAaveSupply),
      prepareWithdraw: pool(health, prepareAaveWithdraw),
      prepareBorrow: pool(health, prepareAaveBorrow),
      prepareRepay: pool(prepare, prepareAaveRepay),
    }),
  };
}
