import type { ClientContext } from "../../client/context.js";
import { readAll } from "../../rpc/multicall.js";
import { expectUint, totalSupplyCall } from "../../tokens/erc20Reads.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";

/**
 * The return type of `client.token.getTokenInfo`: the registry entry plus the on-chain total supply.
 *
 * @example
 * ```ts
 * import type { GetTokenInfoReturnType } from "@preflow/core";
 * const info: GetTokenInfoReturnType = await client.token.getTokenInfo("USDC");
 * ```
 */
export interface GetTokenInfoReturnType extends TokenInfo {
  /** `totalSupply()` in base units. */
  totalSupply: bigint;
}

/**
 * Looks a token up in the registry (symbol, former ticker or address) and reads its `totalSupply` on
 * chain, which also proves the contract answers at that address (one HTTP request).
 *
 * @example
 * ```ts
 * const usdc = await client.token.getTokenInfo("usdc");
 * console.log(usdc.address, usdc.decimals, usdc.totalSupply);
 * ```
 */
export async function getTokenInfo(ctx: ClientContext, token: TokenInput): Promise<GetTokenInfoReturnType> {
  const info = resolveToken(token);
  return ctx.track("token.getTokenInfo", undefined, async () => {
    const { reads } = await readAll(ctx.rpc, [totalSupplyCall(info)]);
    return { ...info, totalSupply: expectUint(reads[0], info, "totalSupply") };
  });
}
