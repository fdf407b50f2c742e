import { formatAmount } from "../amounts/formatAmount.js";
import { InsufficientBalanceError } from "../errors/amount.js";

/**
 * Throws {@link InsufficientBalanceError} (both amounts in the token's units and in words) when `owner` has less
 * than `need` of the token. Pure. @internal
 */
export function expectBalance(
  owner: string,
  token: { symbol: string; decimals: number },
  have: bigint,
  need: bigint,
): void {
  if (have >= need) return;
  throw new InsufficientBalanceError({
    owner,
    token: token.symbol,
    have,
    need,
    haveFormatted: formatAmount(have, token.decimals),
    needFormatted: formatAmount(need, token.decimals),
  });
}
