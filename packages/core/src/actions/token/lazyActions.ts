// Tokens: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads `owner`'s balance of `token` (CELO: the native balance, through its ERC-20 interface). A tracked read
 * (telemetry operation `token.getBalance`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetBalanceErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getBalance } from "@preflow/core";
 * const { formatted } = await getBalance(createSdkBaseClient(), { owner: "0x1111111111111111111111111111111111111111", token: "CELO" });
 * ```
 *
 * @function
 */
export const getBalance = /* @__PURE__ */ lazyAction(
  async () => (await import("./getBalance.js")).getBalance,
);

/**
 * Reads `owner`'s balances of `tokens` (default: every token of the registry) through Multicall3. Duplicates
 * (`"cUSD"` and `"USDm"`) are read once; a token whose read fails is listed in `unavailable` instead of failing
 * the call. A tracked read (`token.getBalances`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetBalancesErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getBalances } from "@preflow/core";
 * const { balances } = await getBalances(createSdkBaseClient(), { owner, tokens: ["CELO", "USDm", "USDC"] });
 * for (const b of balances) console.log(b.token.symbol, b.formatted);
 * ```
 *
 * @function
 */
export const getBalances = /* @__PURE__ */ lazyAction(
  async () => (await import("./getBalances.js")).getBalances,
);

/**
 * Reads how much of `owner`'s `token` `spender` may spend. A tracked read (`token.getAllowance`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetAllowanceErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getAllowance } from "@preflow/core";
 * const { formatted, unlimited } = await getAllowance(createSdkBaseClient(), {
 *   owner,
 *   spender: "0x3333333333333333333333333333333333333333",
 *   token: "USDC",
 * });
 * ```
 *
 * @function
 */
export const getAllowance = /* @__PURE__ */ lazyAction(
  async () => (await import("./getAllowance.js")).getAllowance,
);

/**
 * Looks a token up in the registry (symbol, former ticker or address) and reads its `totalSupply` on chain,
 * which also proves the contract answers at that address. A tracked read (`token.getTokenInfo`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetTokenInfoErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getTokenInfo } from "@preflow/core";
 * const usdc = await getTokenInfo(createSdkBaseClient(), { token: "usdc" });
 * console.log(usdc.address, usdc.decimals, usdc.totalSupply);
 * ```
 *
 * @function
 */
export const getTokenInfo = /* @__PURE__ */ lazyAction(
  async () => (await import("./getTokenInfo.js")).getTokenInfo,
);
