import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import type { UnknownTokenError } from "../../errors/token.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { balanceOfCall, decodeUint } from "../../tokens/erc20Reads.js";
import { TOKENS, type TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import type { TokenCallErrorType } from "../../tokens/tokenCallErrors.js";
import { parseAddress } from "../../validation/parseAddress.js";
import type { TokenBalance } from "./getBalance.js";

/**
 * The return type of `client.token.getBalances`. A token whose read failed (no contract on this RPC's chain,
 * a revert) is listed in `unavailable` with the reason instead of failing the whole call.
 *
 * @example
 * ```ts
 * import type { GetBalancesReturnType } from "@preflow/core";
 * const { balances, unavailable }: GetBalancesReturnType = await client.token.getBalances(owner);
 * ```
 */
export interface GetBalancesReturnType {
  owner: Address;
  /** In the order asked (registry order by default). */
  balances: TokenBalance[];
  unavailable: { token: TokenInfo; reason: string }[];
}

/**
 * Parameters of {@link getBalances}.
 *
 * @example
 * ```ts
 * import type { GetBalancesParameters } from "@preflow/core";
 * const parameters: GetBalancesParameters = { owner, tokens: ["CELO", "USDm"] };
 * ```
 */
export interface GetBalancesParameters extends ActionOptions {
  owner: string;
  /** Default: every token of the registry. */
  tokens?: readonly TokenInput[] | undefined;
  /**
   * Leave the chain's native currency (CELO) out of the list, for wallets whose users pay every fee in a
   * stablecoin and never see CELO (MiniPay). Default `false`. With `tokens`, a native token listed there is left
   * out too.
   */
  hideNative?: boolean | undefined;
}

/**
 * The errors {@link getBalances} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `owner` is not an address.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: `tokens` is not a non-empty array, or `hideNative` is not a boolean.
 * - {@link UnknownTokenError}: a token is not in the registry.
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { GetBalancesErrorType } from "@preflow/core";
 * ```
 */
/**
 * The options of `client.token.getBalances(owner, tokens?, options?)`: a signal, and `hideNative` (see
 * {@link GetBalancesParameters}).
 *
 * @example
 * ```ts
 * import type { GetBalancesOptions } from "@preflow/core";
 * const options: GetBalancesOptions = { hideNative: true };
 * ```
 */
export type GetBalancesOptions = Pick<GetBalancesParameters, "hideNative" | "signal">;

export type GetBalancesErrorType = TokenCallErrorType;

const KEYS = ["owner", "tokens", "hideNative", "signal"] as const;

/**
 * Reads `owner`'s balances of `tokens` (default: every token of the registry; `hideNative: true` leaves CELO
 * out, as a MiniPay app must) through Multicall3. Duplicates
 * (`"cUSD"` and `"USDm"`) are read once; a token whose read fails is listed in `unavailable` instead of failing
 * the call. A tracked read (`token.getBalances`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetBalancesErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getBalances } from "@preflow/core";
 * const { balances } = await getBalances(createSdkBaseClient(), { owner, tokens: ["CELO", "USDm", "USDC"] });
 * for (const b of balances) console.log(b.token.symbol, b.formatted);
 * ```
 */
export async function getBalances(
  client: SdkBaseClient,
  parameters: GetBalancesParameters,
): Promise<GetBalancesReturnType> {
  const { owner, tokens, hideNative, signal } = rejectUnknownKeys(parameters, "parameters", KEYS);
  const account = parseAddress(owner, "owner");
  if (hideNative !== undefined && typeof hideNative !== "boolean")
    throw new InvalidArgumentError({ field: "hideNative", value: hideNative, rule: "must be a boolean" });
  let infos: TokenInfo[];
  if (tokens === undefined) infos = Object.values(TOKENS);
  else {
    if (!Array.isArray(tokens))
      throw new InvalidArgumentError({
        field: "tokens",
        value: tokens,
        rule: "must be an array of token symbols or addresses",
      });
    if (tokens.length === 0)
      throw new InvalidArgumentError({
        field: "tokens",
        value: tokens,
        rule: "must not be empty (omit it for all tokens)",
      });
    infos = [...new Set(tokens.map((token, index) => resolveToken(token, `tokens[${index}]`)))];
  }
  if (hideNative) infos = infos.filter((info) => !info.native);
  if (infos.length === 0) return { owner: account, balances: [], unavailable: [] }; // only CELO, hidden: no request
  return client.track("token.getBalances", account, async () => {
    const { reads } = await readBatch(client, {
      reads: infos.map((info) => balanceOfCall(info, account)),
      signal,
    });
    const balances: TokenBalance[] = [];
    const unavailable: GetBalancesReturnType["unavailable"] = [];
    infos.forEach((info, index) => {
      const decoded = decodeUint(reads[index], info, "balanceOf");
      if (decoded.ok) {
        balances.push({
          owner: account,
          token: info,
          value: decoded.value,
          formatted: formatAmount(decoded.value, info.decimals),
        });
      } else {
        unavailable.push({ token: info, reason: String(decoded.error.details.reason) });
      }
    });
    return { owner: account, balances, unavailable };
  });
}
