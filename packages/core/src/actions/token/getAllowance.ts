import { type Address, maxUint256 } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import type { ClientContext } from "../../client/context.js";
import { readAll } from "../../rpc/multicall.js";
import { allowanceCall, expectUint } from "../../tokens/erc20Reads.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";

/**
 * An ERC-20 allowance.
 *
 * @example
 * ```ts
 * import type { TokenAllowance } from "@preflow/core";
 * const allowance: TokenAllowance = await client.token.getAllowance(owner, spender, "USDm");
 * if (allowance.unlimited) console.log("unlimited");
 * ```
 */
export interface TokenAllowance {
  owner: Address;
  spender: Address;
  token: TokenInfo;
  /** Base units. */
  value: bigint;
  /** Exact human decimal string. */
  formatted: string;
  /** `true` when the allowance is the maximum uint256 (an "unlimited" approval). */
  unlimited: boolean;
}

/**
 * Reads how much of `owner`'s `token` `spender` may spend. One HTTP request.
 *
 * @example
 * ```ts
 * const { formatted } = await client.token.getAllowance(owner, "0x3333333333333333333333333333333333333333", "USDC");
 * ```
 */
export async function getAllowance(
  ctx: ClientContext,
  owner: string,
  spender: string,
  token: TokenInput,
): Promise<TokenAllowance> {
  const account = parseAddress(owner, "owner");
  const approved = parseAddress(spender, "spender");
  const info = resolveToken(token);
  return ctx.track("token.getAllowance", account, async () => {
    const { reads } = await readAll(ctx.rpc, [allowanceCall(info, account, approved)]);
    const value = expectUint(reads[0], info, "allowance");
    return {
      owner: account,
      spender: approved,
      token: info,
      value,
      formatted: formatAmount(value, info.decimals),
      unlimited: value === maxUint256,
    };
  });
}
