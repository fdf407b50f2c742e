// The reserve's pair and its quote: GoodDollar's reserve trades G$ against USDm (cUSD) only, through the Mento
// Broker's `getAmountOut` / `swapIn` on the G$/USDm exchange.
import { type Address, encodeFunctionData } from "viem";
import { parseAmount } from "../../amounts/parseAmount.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";
import { TOKENS, type TokenInfo } from "../../tokens/registry.js";
import { resolveToken } from "../../tokens/resolveToken.js";
import { parseSignal } from "../../validation/parseSignal.js";
import { goodDollarBrokerAbi, goodDollarExchangeProviderAbi } from "./abis.js";
import { GOODDOLLAR_ADDRESSES, GOODDOLLAR_CUSD_EXCHANGE_ID } from "./addresses.js";
import { GoodDollarRefusedError } from "./errors.js";

/** A validated reserve trade. @internal */
export interface ReserveTrade {
  tokenIn: TokenInfo;
  tokenOut: TokenInfo;
  amountIn: bigint;
  signal: AbortSignal | undefined;
}

const PAIR = [TOKENS["G$"].address, TOKENS.USDm.address] as const;

/**
 * Reads `tokenIn`, `tokenOut` (G$ and USDm, either way round, by symbol, alias or address) and `amountIn` (a
 * positive decimal string of `tokenIn`) from `raw`; no I/O. A pair other than G$/USDm is an
 * `InvalidArgumentError` naming `tokenOut`. @internal
 */
export function parseReserveTrade(raw: Readonly<Record<string, unknown>>): ReserveTrade {
  const tokenIn = resolveToken(raw.tokenIn as string, "tokenIn");
  const tokenOut = resolveToken(raw.tokenOut as string, "tokenOut");
  const inPair = (token: TokenInfo) => (PAIR as readonly Address[]).includes(token.address);
  if (!inPair(tokenIn))
    throw new InvalidArgumentError({
      field: "tokenIn",
      value: raw.tokenIn,
      rule: "must be G$ or USDm (GoodDollar's reserve trades G$ against USDm)",
    });
  if (!inPair(tokenOut) || tokenOut.address === tokenIn.address)
    throw new InvalidArgumentError({
      field: "tokenOut",
      value: raw.tokenOut,
      rule: `must be ${tokenIn.symbol === "G$" ? "USDm" : "G$"} (GoodDollar's reserve trades G$ against USDm)`,
    });
  const amountIn = parseAmount(raw.amountIn, {
    decimals: tokenIn.decimals,
    token: tokenIn.symbol,
    field: "amountIn",
  });
  return { tokenIn, tokenOut, amountIn, signal: parseSignal(raw.signal) };
}

/** The Broker's `getAmountOut` of `trade` and the exchange's `currentPrice`, as two reads. @internal */
export function reserveQuoteReads(trade: ReserveTrade): ReadCall[] {
  const { exchangeProvider, broker } = GOODDOLLAR_ADDRESSES;
  return [
    {
      target: broker,
      abi: goodDollarBrokerAbi,
      callData: encodeFunctionData({
        abi: goodDollarBrokerAbi,
        functionName: "getAmountOut",
        args: [
          exchangeProvider,
          GOODDOLLAR_CUSD_EXCHANGE_ID,
          trade.tokenIn.address,
          trade.tokenOut.address,
          trade.amountIn,
        ],
      }),
    },
    {
      target: exchangeProvider,
      abi: goodDollarExchangeProviderAbi,
      callData: encodeFunctionData({
        abi: goodDollarExchangeProviderAbi,
        functionName: "currentPrice",
        args: [GOODDOLLAR_CUSD_EXCHANGE_ID],
      }),
    },
  ];
}

/**
 * The quoted output and the G$ price (USDm per G$, 18 decimals) from {@link reserveQuoteReads}' answers; a
 * failed quote is a {@link GoodDollarRefusedError} `no-reserve-quote` (`operation` names the action). @internal
 */
export function reserveQuoteOf(
  results: readonly ReadResult[],
  trade: ReserveTrade,
  operation: string,
): { amountOut: bigint; price: bigint } {
  const [quote, price] = results;
  if (typeof quote?.value !== "bigint" || quote.value === 0n || typeof price?.value !== "bigint") {
    throw new GoodDollarRefusedError({
      operation,
      reason: "no-reserve-quote",
      message: `GoodDollar's reserve did not quote ${trade.tokenIn.symbol} → ${trade.tokenOut.symbol} for ${trade.amountIn} base units`,
      details: { revert: quote?.success ? "zero output" : (quote?.returnData ?? "no answer").slice(0, 200) },
    });
  }
  return { amountOut: quote.value, price: price.value };
}
