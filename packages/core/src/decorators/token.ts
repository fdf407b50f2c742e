import type { GetAllowanceReturnType } from "../actions/token/getAllowance.js";
import type { GetBalanceReturnType } from "../actions/token/getBalance.js";
import type { GetBalancesOptions, GetBalancesReturnType } from "../actions/token/getBalances.js";
import type { GetTokenInfoReturnType } from "../actions/token/getTokenInfo.js";
import { getAllowance, getBalance, getBalances, getTokenInfo } from "../actions/token/lazyActions.js";
import type { SdkBaseClient } from "../clients/types.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import type { TokenInput } from "../tokens/resolveToken.js";
import { parseOptions } from "../validation/parseOptions.js";

/**
 * `client.token`: reads of the token registry, balances and allowances (tracked by telemetry). One HTTP request
 * each (Multicall3).
 *
 * @example
 * ```ts
 * const { balances } = await client.token.getBalances(owner);
 * ```
 */
export interface TokenActions {
  /**
   * The registry entry of a token plus its on-chain `totalSupply` (proof that the contract answers). The client
   * form of {@link getTokenInfo}. HTTP requests: 1.
   *
   * @param token - A symbol, former ticker (`"cUSD"`) or listed address.
   * @throws {@link GetTokenInfoErrorType}
   *
   * @example
   * ```ts
   * const { address, decimals, totalSupply } = await client.token.getTokenInfo("USDC");
   * ```
   */
  getTokenInfo(token: TokenInput, options?: ActionOptions): Promise<GetTokenInfoReturnType>;
  /**
   * `owner`'s balance of `token`: `{ value, formatted, token, owner }`. The client form of {@link getBalance}.
   * HTTP requests: 1.
   *
   * @throws {@link GetBalanceErrorType}
   *
   * @example
   * ```ts
   * const { formatted } = await client.token.getBalance(owner, "CELO");
   * ```
   */
  getBalance(owner: string, token: TokenInput, options?: ActionOptions): Promise<GetBalanceReturnType>;
  /**
   * `owner`'s balances of `tokens` (default: the whole registry); failed reads are listed in `unavailable`. The
   * client form of {@link getBalances}. HTTP requests: 1.
   *
   * @throws {@link GetBalancesErrorType}
   *
   * @example
   * ```ts
   * const { balances, unavailable } = await client.token.getBalances(owner, ["CELO", "USDm"]);
   * const dollars = await client.token.getBalances(owner, undefined, { hideNative: true }); // no CELO (MiniPay)
   * ```
   */
  getBalances(
    owner: string,
    tokens?: readonly TokenInput[],
    options?: GetBalancesOptions,
  ): Promise<GetBalancesReturnType>;
  /**
   * How much of `owner`'s `token` `spender` may spend: `{ value, formatted, unlimited }`. The client form of
   * {@link getAllowance}. HTTP requests: 1.
   *
   * @throws {@link GetAllowanceErrorType}
   *
   * @example
   * ```ts
   * const { unlimited } = await client.token.getAllowance(owner, spender, "USDC");
   * ```
   */
  getAllowance(
    owner: string,
    spender: string,
    token: TokenInput,
    options?: ActionOptions,
  ): Promise<GetAllowanceReturnType>;
}

/**
 * The `token` group as a decorator: `createSdkBaseClient().extend(tokenActions)` gives `client.token`
 * ({@link TokenActions}). Part of {@link createSdkClient}.
 *
 * @param client - Any preflow client.
 * @returns `{ token }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, tokenActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(tokenActions);
 * const { balances } = await client.token.getBalances(owner);
 * ```
 */
export function tokenActions(client: SdkBaseClient): { token: TokenActions } {
  return {
    token: Object.freeze({
      getTokenInfo: async (token: TokenInput, options?: ActionOptions) =>
        getTokenInfo(client, { ...parseOptions(options), token }),
      getBalance: async (owner: string, token: TokenInput, options?: ActionOptions) =>
        getBalance(client, { ...parseOptions(options), owner, token }),
      getBalances: async (owner: string, tokens?: readonly TokenInput[], options?: GetBalancesOptions) =>
        getBalances(client, {
          ...parseOptions(options, ["hideNative", "signal"]),
          owner,
          ...(tokens === undefined ? {} : { tokens }),
        }),
      getAllowance: async (owner: string, spender: string, token: TokenInput, options?: ActionOptions) =>
        getAllowance(client, { ...parseOptions(options), owner, spender, token }),
    }),
  };
}
