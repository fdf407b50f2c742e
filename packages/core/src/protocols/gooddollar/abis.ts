import { functionAbi, param } from "../../abi/functionAbi.js";

const uint256Out = [param("uint256")] as const;

/**
 * GoodDollar's UBIScheme (UBISchemeV2) as far as preflow calls and reads it: `claim()`, `checkEntitlement(address)`
 * and the day bookkeeping that tells whether today's UBI was already claimed.
 *
 * @example
 * ```ts
 * import { decodeFunctionData } from "viem";
 * import { goodDollarUbiSchemeAbi } from "@preflow/core";
 * decodeFunctionData({ abi: goodDollarUbiSchemeAbi, data: flow.steps[0]!.data }).functionName; // "claim"
 * ```
 */
export const goodDollarUbiSchemeAbi = [
  functionAbi("claim", "nonpayable", [], [param("bool")]),
  functionAbi("checkEntitlement", "view", [param("address", "_member")], uint256Out),
  functionAbi("currentDay", "view", [], uint256Out),
  functionAbi("periodStart", "view", [], uint256Out),
  functionAbi("dailyUbi", "view", [], uint256Out),
  functionAbi("paused", "view", [], [param("bool")]),
] as const;

/**
 * GoodDollar's Identity: `getWhitelistedRoot(account)`, the whitelisted identity an address claims for (itself,
 * the identity it is connected to, or zero when it is not whitelisted).
 *
 * @example
 * ```ts
 * import { goodDollarIdentityAbi } from "@preflow/core";
 * goodDollarIdentityAbi[0].name; // "getWhitelistedRoot"
 * ```
 */
export const goodDollarIdentityAbi = [
  functionAbi("getWhitelistedRoot", "view", [param("address", "account")], [param("address", "whitelisted")]),
] as const;

const trade = [
  param("address", "exchangeProvider"),
  param("bytes32", "exchangeId"),
  param("address", "tokenIn"),
  param("address", "tokenOut"),
] as const;

/**
 * The Mento Broker of GoodDollar's reserve (IBroker): `getAmountOut` and `swapIn` (the exact-input trade that
 * mints G$ for the stable or burns G$ for it).
 *
 * @example
 * ```ts
 * import { decodeFunctionData } from "viem";
 * import { goodDollarBrokerAbi } from "@preflow/core";
 * const { args } = decodeFunctionData({ abi: goodDollarBrokerAbi, data: flow.steps.at(-1)!.data });
 * ```
 */
export const goodDollarBrokerAbi = [
  functionAbi(
    "getAmountOut",
    "view",
    [...trade, param("uint256", "amountIn")],
    [param("uint256", "amountOut")],
  ),
  functionAbi(
    "swapIn",
    "nonpayable",
    [...trade, param("uint256", "amountIn"), param("uint256", "amountOutMin")],
    [param("uint256", "amountOut")],
  ),
] as const;

/**
 * The GoodDollar exchange provider (a Bancor exchange provider): `currentPrice(exchangeId)`, the G$ price in the
 * reserve's stable with 18 decimals.
 *
 * @example
 * ```ts
 * import { goodDollarExchangeProviderAbi } from "@preflow/core";
 * goodDollarExchangeProviderAbi[0].name; // "currentPrice"
 * ```
 */
export const goodDollarExchangeProviderAbi = [
  functionAbi("currentPrice", "view", [param("bytes32", "exchangeId")], [param("uint256", "price")]),
] as const;
