import { encodeFunctionData, erc20Abi, maxUint256 } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { parseAmount } from "../../amounts/parseAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { ClientContext } from "../../client/context.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";

/**
 * The amount of an approval: a human decimal string (`"0"` revokes), or `"max"` for an unlimited approval.
 *
 * @example
 * ```ts
 * import type { ApprovalAmount } from "@preflow/core";
 * const amounts: ApprovalAmount[] = ["25", "0", "max"];
 * ```
 */
export type ApprovalAmount = string;

/**
 * The return type of `client.transaction.prepareApprove`: a one-step prepared flow.
 *
 * @example
 * ```ts
 * import type { PrepareApproveReturnType } from "@preflow/core";
 * const flow: PrepareApproveReturnType = await client.transaction.prepareApprove(from, spender, "USDC", "10");
 * ```
 */
export type PrepareApproveReturnType = SerializedPreparedFlow;

/**
 * Prepares `approve(spender, amount)` on `token` for `from`. `amount` is a human decimal string (`"0"`
 * revokes) or `"max"` (unlimited: only when asked). Makes at most one HTTP request (the one-time chain
 * check), none after it.
 *
 * @example
 * ```ts
 * const flow = await client.transaction.prepareApprove(owner, "0x3333333333333333333333333333333333333333", "USDC", "25");
 * // flow.steps: [{ kind: "erc20", to: USDC, data: approve(spender, 25_000_000) + suffix, value: "0", ... }]
 * ```
 */
export async function prepareApprove(
  ctx: ClientContext,
  from: string,
  spender: string,
  token: TokenInput,
  amount: ApprovalAmount,
): Promise<PrepareApproveReturnType> {
  const owner = parseAddress(from, "from");
  const approved = parseAddress(spender, "spender", { allowZero: false });
  const info = resolveToken(token);
  const value =
    amount === "max"
      ? maxUint256
      : parseAmount(amount, {
          decimals: info.decimals,
          token: info.symbol,
          field: "amount",
          allowZero: true,
        });
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [approved, value] });
  await ctx.rpc.ensureChain();

  const human = value === maxUint256 ? "unlimited" : formatAmount(value, info.decimals);
  const description =
    value === 0n
      ? `Revoke ${approved}'s ${info.symbol} allowance`
      : `Approve ${approved} to spend ${human} ${info.symbol}`;
  return {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from: owner,
    summary: `${description} of ${owner}`,
    steps: [{ kind: "erc20", to: info.address, data: ctx.tag(data), value: "0", description }],
  };
}
