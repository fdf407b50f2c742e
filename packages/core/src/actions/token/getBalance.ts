import type { Address } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import type { ClientContext } from "../../client/context.js";
import { readAll } from "../../rpc/multicall.js";
import { balanceOfCall, expectUint } from "../../tokens/erc20Reads.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";

/**
 * A token balance: exact base units and their human form.
 *
 * @example
 * ```ts
 * import type { TokenBalance } from "@preflow/core";
 * const balance: TokenBalance = await client.token.getBalance(owner, "USDm");
 * console.log(`${balance.formatted} ${balance.token.symbol}`);
 * ```
 */
export interface TokenBalance {
  owner: Address;
  token: TokenInfo;
  /** Base units. */
  value: bigint;
  /** Exact human decimal string (`"1.5"`). */
  formatted: string;
}

/**
 * Reads `owner`'s balance of `token` (CELO: the native balance, through its ERC-20 interface). One HTTP
 * request.
 *
 * @example
 * ```ts
 * const { formatted } = await client.token.getBalance("0x1111111111111111111111111111111111111111", "CELO");
 * ```
 */
export async function getBalance(
  ctx: ClientContext,
  owner: string,
  token: TokenInput,
): Promise<TokenBalance> {
  const account = parseAddress(owner, "owner");
  const info = resolveToken(token);
  return ctx.track("token.getBalance", account, async () => {
    const { reads } = await readAll(ctx.rpc, [balanceOfCall(info, account)]);
    const value = expectUint(reads[0], info, "balanceOf");
    return { owner: account, token: info, value, formatted: formatAmount(value, info.decimals) };
  });
}
