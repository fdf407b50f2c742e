import { rejectUnknownKeys } from "@preflow/errors";
import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../../rpc/readBatch.js";
import type { TokenInfo } from "../../../tokens/registry.js";
import type { TokenInput } from "../../../tokens/resolveToken.js";
import type { GoodDollarRefusedError } from "../errors.js";
import { parseReserveTrade, reserveQuoteOf, reserveQuoteReads } from "../reserveTrade.js";

/**
 * Parameters of {@link getGoodDollarReserveQuote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetGoodDollarReserveQuoteParameters } from "@preflow/core";
 * const parameters: GetGoodDollarReserveQuoteParameters = { tokenIn: "USDm", tokenOut: "G$", amountIn: "1" };
 * ```
 */
export interface GetGoodDollarReserveQuoteParameters extends ActionOptions {
  /** `"G$"` to sell G$, `"USDm"` to buy G$ (symbol, alias or address). */
  tokenIn: TokenInput;
  /** The other one. */
  tokenOut: TokenInput;
  /** A human decimal string of `tokenIn`. */
  amountIn: string;
}

/**
 * The return type of {@link getGoodDollarReserveQuote}.
 *
 * @example
 * ```ts
 * import type { GetGoodDollarReserveQuoteReturnType } from "@preflow/core";
 * const { amountOutFormatted }: GetGoodDollarReserveQuoteReturnType = await client.goodDollar.getReserveQuote("USDm", "G$", "1");
 * ```
 */
export interface GetGoodDollarReserveQuoteReturnType {
  tokenIn: TokenInfo;
  tokenOut: TokenInfo;
  /** Base units, decimal string. */
  amountIn: string;
  /** What the reserve pays now (the Broker's `getAmountOut`; a sale has the exit contribution taken), base units. */
  amountOut: string;
  amountOutFormatted: string;
  /** The exchange's current G$ price in USDm (`currentPrice`), a decimal string (`"0.0001"`). */
  priceInUsdm: string;
  /** The block read at, decimal string. */
  blockNumber: string;
}

/**
 * The errors {@link getGoodDollarReserveQuote} throws: bad input before any request, the read's, and
 * {@link GoodDollarRefusedError} `no-reserve-quote` when the reserve does not quote the trade.
 *
 * @example
 * ```ts
 * import type { GetGoodDollarReserveQuoteErrorType } from "@preflow/core";
 * ```
 */
export type GetGoodDollarReserveQuoteErrorType =
  | ReadBatchErrorType
  | GoodDollarRefusedError
  | import("../../../errors/token.js").UnknownTokenError
  | import("../../../errors/amount.js").InvalidAmountError;

/**
 * Quotes a trade with GoodDollar's reserve: buying G$ with USDm (minted by the Bancor formula) or selling G$ for
 * USDm (burned, less the exit contribution), through the Mento Broker's `getAmountOut` on the G$/USDm exchange,
 * with the exchange's current price. A tracked read (`goodDollar.getReserveQuote`).
 *
 * HTTP requests: 1 (the quote, the price and the block number in one Multicall3 call).
 *
 * @throws {@link GetGoodDollarReserveQuoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGoodDollarReserveQuote } from "@preflow/core";
 *
 * const quote = await getGoodDollarReserveQuote(createSdkBaseClient(), { tokenIn: "USDm", tokenOut: "G$", amountIn: "1" });
 * console.log(`${quote.amountOutFormatted} G$ at ${quote.priceInUsdm} USDm each`);
 * ```
 */
export async function getGoodDollarReserveQuote(
  client: SdkBaseClient,
  parameters: GetGoodDollarReserveQuoteParameters,
): Promise<GetGoodDollarReserveQuoteReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["tokenIn", "tokenOut", "amountIn", "signal"]);
  const trade = parseReserveTrade(raw as unknown as Readonly<Record<string, unknown>>);
  return client.track("goodDollar.getReserveQuote", undefined, async () => {
    const answer = await readBatch(client, {
      reads: reserveQuoteReads(trade),
      blockNumber: true,
      signal: trade.signal,
    });
    const { amountOut, price } = reserveQuoteOf(answer.reads, trade, "reserve quote");
    return {
      tokenIn: trade.tokenIn,
      tokenOut: trade.tokenOut,
      amountIn: trade.amountIn.toString(),
      amountOut: amountOut.toString(),
      amountOutFormatted: formatAmount(amountOut, trade.tokenOut.decimals),
      priceInUsdm: formatAmount(price, 18),
      blockNumber: String(answer.blockNumber),
    };
  });
}
