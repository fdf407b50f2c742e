// Lending on Aave v3: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads `owner`'s Aave v3 positions: per reserve, what is supplied and borrowed (base units and formatted, interest
 * included), whether it is collateral, the oracle price and the reserve's risk parameters; and the account's
 * collateral, debt, available borrows (USD, 8 decimals as Aave reports them) and health factor (`null` without
 * debt). aToken and debt-token addresses are read on chain. A tracked read (`aave.getPositions`).
 *
 * HTTP requests: 1 (account data, the reserve list and, per reserve, reserve data, the user's reserve data and the
 * price, with the block number, in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
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
 *
 * @function
 */
export const getAavePositions = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getAavePositions.js")).getAavePositions,
);

/**
 * Prepares a supply to Aave v3: an exact `approve` of the Pool (only when the current allowance is below the
 * amount), then `Pool.supply(asset, amount, from, 0)`. Checks the balance and that the reserve takes supplies
 * (listed, active, not paused or frozen). The account receives aTokens and, for a first supply of a collateral
 * asset, uses it as collateral (Aave's rule).
 *
 * HTTP requests: 1 (balance, allowance, reserve data and the block number in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareAaveSupplyErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareAaveSupply } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareAaveSupply(client, { from, token: "USDC", amount: "100" });
 * // flow.steps: [approve Aave v3 Pool 100 USDC (if needed), supply(USDC, 100000000, from, 0)]
 * ```
 *
 * @function
 */
export const prepareAaveSupply = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareAaveSupply.js")).prepareAaveSupply,
);

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
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
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
 *
 * @function
 */
export const prepareAaveWithdraw = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareAaveWithdraw.js")).prepareAaveWithdraw,
);

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
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
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
 *
 * @function
 */
export const prepareAaveBorrow = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareAaveBorrow.js")).prepareAaveBorrow,
);

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
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
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
 *
 * @function
 */
export const prepareAaveRepay = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareAaveRepay.js")).prepareAaveRepay,
);
