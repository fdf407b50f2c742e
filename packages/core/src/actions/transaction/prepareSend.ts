import { encodeFunctionData, erc20Abi } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { parseAmount } from "../../amounts/parseAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { ClientContext } from "../../client/context.js";
import { InsufficientBalanceError } from "../../errors/amount.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import { readAll } from "../../rpc/multicall.js";
import { balanceOfCall, expectUint } from "../../tokens/erc20Reads.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";

/**
 * The return type of `client.transaction.prepareSend`: a one-step prepared flow.
 *
 * @example
 * ```ts
 * import type { PrepareSendReturnType } from "@preflow/core";
 * const flow: PrepareSendReturnType = await client.transaction.prepareSend(from, to, "USDm", "1");
 * ```
 */
export type PrepareSendReturnType = SerializedPreparedFlow;

/**
 * Prepares a token transfer of `amount` (a human decimal string) of `token` from `from` to `to`. CELO goes
 * through its ERC-20 interface (`transfer` on 0x471E…a438), so an attribution suffix is safe even when `to`
 * is a contract. Checks `from`'s balance (one HTTP request in all; none of it before the inputs are valid).
 *
 * Throws `InvalidAddressError`, `UnknownTokenError`, `InvalidAmountError` (before any I/O),
 * `InsufficientBalanceError`, `ChainMismatchError`, `RpcError`, `TokenReadError`.
 *
 * @example
 * ```ts
 * const flow = await client.transaction.prepareSend(
 *   "0x1111111111111111111111111111111111111111",
 *   "0x2222222222222222222222222222222222222222",
 *   "USDm",
 *   "12.5",
 * );
 * // flow.steps: [{ kind: "erc20", to: USDm, data: transfer(to, 12.5e18) + suffix, value: "0", ... }]
 * ```
 */
export async function prepareSend(
  ctx: ClientContext,
  from: string,
  to: string,
  token: TokenInput,
  amount: string,
): Promise<PrepareSendReturnType> {
  const sender = parseAddress(from, "from");
  const recipient = parseAddress(to, "to", { allowZero: false });
  const info = resolveToken(token);
  const value = parseAmount(amount, { decimals: info.decimals, token: info.symbol, field: "amount" });
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, value] });
  const human = formatAmount(value, info.decimals);

  const { reads } = await readAll(ctx.rpc, [balanceOfCall(info, sender)]);
  const balance = expectUint(reads[0], info, "balanceOf");
  if (balance < value) {
    throw new InsufficientBalanceError({
      owner: sender,
      token: info.symbol,
      have: balance,
      need: value,
      haveFormatted: formatAmount(balance, info.decimals),
      needFormatted: human,
    });
  }

  const description = `Transfer ${human} ${info.symbol} to ${recipient}`;
  return {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from: sender,
    summary: `Send ${human} ${info.symbol} from ${sender} to ${recipient}`,
    steps: [{ kind: "erc20", to: info.address, data: ctx.tag(data), value: "0", description }],
  };
}
