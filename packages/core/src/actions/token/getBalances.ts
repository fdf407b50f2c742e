import type { Address } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import type { ClientContext } from "../../client/context.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { readAll } from "../../rpc/multicall.js";
import { balanceOfCall, decodeUint } from "../../tokens/erc20Reads.js";
import { TOKENS, type TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
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
 * Reads `owner`'s balances of `tokens` (default: every token of the registry) in ONE HTTP request
 * (Multicall3). Duplicates (`"cUSD"` and `"USDm"`) are read once.
 *
 * @example
 * ```ts
 * const { balances } = await client.token.getBalances(owner, ["CELO", "USDm", "USDC"]);
 * for (const b of balances) console.log(b.token.symbol, b.formatted);
 * ```
 */
export async function getBalances(
  ctx: ClientContext,
  owner: string,
  tokens?: readonly TokenInput[],
): Promise<GetBalancesReturnType> {
  const account = parseAddress(owner, "owner");
  let infos: TokenInfo[];
  if (tokens === undefined) infos = Object.values(TOKENS);
  else {
    if (!Array.isArray(tokens))
      throw new InvalidArgumentError("tokens", tokens, "must be an array of token symbols or addresses");
    if (tokens.length === 0)
      throw new InvalidArgumentError("tokens", tokens, "must not be empty (omit it for all tokens)");
    infos = [...new Set(tokens.map((token, index) => resolveToken(token, `tokens[${index}]`)))];
  }
  return ctx.track("token.getBalances", account, async () => {
    const { reads } = await readAll(
      ctx.rpc,
      infos.map((info) => balanceOfCall(info, account)),
    );
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
