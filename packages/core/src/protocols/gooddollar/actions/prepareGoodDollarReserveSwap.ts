import { rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData } from "viem";
import { computeMinAmountOut } from "../../../actions/swap/computeMinAmountOut.js";
import { formatAmount } from "../../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../../chain.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InsufficientBalanceError } from "../../../errors/amount.js";
import type { InvalidArgumentError } from "../../../errors/argument.js";
import type { TokenReadError } from "../../../errors/token.js";
import {
  type FeeCurrencyOption,
  type FeeErrorType,
  planFlowFee,
  readWithFeePlan,
  settleFlowFee,
} from "../../../fees/flowFee.js";
import { buildApproveStep } from "../../../flow/buildApproveStep.js";
import { toJsonValue } from "../../../flow/toJsonValue.js";
import type { JsonValue, PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { allowanceCall, balanceOfCall, expectUint } from "../../../tokens/erc20Reads.js";
import { expectBalance } from "../../../tokens/expectBalance.js";
import type { TokenInput } from "../../../tokens/resolveToken.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseBoundedInteger } from "../../../validation/parseBoundedInteger.js";
import { goodDollarBrokerAbi } from "../abis.js";
import { GOODDOLLAR_ADDRESSES, GOODDOLLAR_BROKER_LABEL, GOODDOLLAR_CUSD_EXCHANGE_ID } from "../addresses.js";
import type { GoodDollarReserveSwapIntent } from "../intents.js";
import { parseReserveTrade, reserveQuoteOf, reserveQuoteReads } from "../reserveTrade.js";
import type { GetGoodDollarReserveQuoteErrorType } from "./getGoodDollarReserveQuote.js";

/** The default slippage tolerance of a reserve swap, basis points (1 %: the Bancor price moves with each trade). */
export const GOODDOLLAR_DEFAULT_SLIPPAGE_BPS = 100;

/**
 * Parameters of {@link prepareGoodDollarReserveSwap}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGoodDollarReserveSwapParameters } from "@preflow/core";
 * const parameters: PrepareGoodDollarReserveSwapParameters = { from, tokenIn: "USDm", tokenOut: "G$", amountIn: "1" };
 * ```
 */
export interface PrepareGoodDollarReserveSwapParameters extends FeeCurrencyOption, ActionOptions {
  /** The account that trades and signs; the output comes to it (the Broker pays its caller). */
  from: string;
  /** `"USDm"` to buy G$, `"G$"` to sell G$ (symbol, alias or address). */
  tokenIn: TokenInput;
  /** The other one. */
  tokenOut: TokenInput;
  /** A human decimal string of `tokenIn`. */
  amountIn: string;
  /** The tolerated slippage, an integer number of basis points in 0…5000; default 100 (1 %). */
  slippageBps?: number | undefined;
}

/**
 * The return type of {@link prepareGoodDollarReserveSwap}: `[approve (only when the Broker's allowance is short),
 * swapIn]` with intent `{ kind: "goodDollarReserveSwap", tokenIn, tokenOut, amountIn, minAmountOut }`.
 *
 * @example
 * ```ts
 * import type { PrepareGoodDollarReserveSwapReturnType } from "@preflow/core";
 * const flow: PrepareGoodDollarReserveSwapReturnType = await client.goodDollar.prepareReserveSwap(from, "USDm", "G$", "1");
 * ```
 */
export type PrepareGoodDollarReserveSwapReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGoodDollarReserveSwap} throws.
 *
 * @example
 * ```ts
 * import type { PrepareGoodDollarReserveSwapErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGoodDollarReserveSwapErrorType =
  | GetGoodDollarReserveQuoteErrorType
  | InvalidArgumentError
  | import("../../../errors/address.js").InvalidAddressError
  | InsufficientBalanceError
  | TokenReadError
  | FeeErrorType;

/**
 * Prepares a trade with GoodDollar's reserve: an exact `approve` of `amountIn` to the Broker (only when its
 * allowance is short), then the Broker's `swapIn(exchangeProvider, exchangeId, tokenIn, tokenOut, amountIn,
 * amountOutMin)` on the G$/USDm exchange, with `amountOutMin` the quote less `slippageBps`. Checks the balance.
 * The Broker's swap has no deadline: the minimum output is the only bound. Not tracked by telemetry.
 *
 * HTTP requests: 1 (balance, allowance, quote, price, block number and the fee plan's reads in one batch).
 *
 * @throws {@link PrepareGoodDollarReserveSwapErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGoodDollarReserveSwap } from "@preflow/core";
 *
 * const flow = await prepareGoodDollarReserveSwap(createSdkBaseClient(), { from, tokenIn: "USDm", tokenOut: "G$", amountIn: "1" });
 * // flow.steps: [approve GoodDollar reserve Broker 1 USDm (if needed), swapIn(...)]
 * ```
 */
export async function prepareGoodDollarReserveSwap(
  client: SdkBaseClient,
  parameters: PrepareGoodDollarReserveSwapParameters,
): Promise<PrepareGoodDollarReserveSwapReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", [
    "from",
    "tokenIn",
    "tokenOut",
    "amountIn",
    "slippageBps",
    "feeCurrency",
    "signal",
  ]);
  const from = parseAddress(raw.from, "from");
  const trade = parseReserveTrade(raw as unknown as Readonly<Record<string, unknown>>);
  const slippageBps = parseBoundedInteger(
    raw.slippageBps ?? GOODDOLLAR_DEFAULT_SLIPPAGE_BPS,
    "slippageBps",
    0,
    5_000,
    "basis points",
  );
  const { tokenIn, tokenOut, amountIn, signal } = trade;
  const { broker, exchangeProvider } = GOODDOLLAR_ADDRESSES;
  const swapStep = (minAmountOut: bigint, description: string): PreparedStep => {
    const args = [
      exchangeProvider,
      GOODDOLLAR_CUSD_EXCHANGE_ID,
      tokenIn.address,
      tokenOut.address,
      amountIn,
      minAmountOut,
    ] as const;
    return {
      kind: "contract",
      to: broker,
      data: client.tag(encodeFunctionData({ abi: goodDollarBrokerAbi, functionName: "swapIn", args })),
      value: "0",
      description,
      call: {
        contract: GOODDOLLAR_BROKER_LABEL,
        functionName: "swapIn",
        args: toJsonValue(args) as JsonValue[],
      },
    };
  };
  const approve = buildApproveStep({
    token: tokenIn,
    spender: broker,
    amount: amountIn,
    tag: client.tag,
    spenderLabel: GOODDOLLAR_BROKER_LABEL,
  });
  // the fee's sketch: the swap with a minimum output of 1 (same gas as the real one)
  const plan = await planFlowFee(client, raw.feeCurrency, {
    from,
    alternatives: [[approve, swapStep(1n, "")]],
  });
  const read = await readWithFeePlan(client, {
    reads: [balanceOfCall(tokenIn, from), allowanceCall(tokenIn, from, broker), ...reserveQuoteReads(trade)],
    plan,
    signal,
  });
  const balance = expectUint(read.reads[0], tokenIn, "balanceOf");
  const allowance = expectUint(read.reads[1], tokenIn, "allowance");
  const { amountOut } = reserveQuoteOf(read.reads.slice(2), trade, "reserve swap");
  expectBalance(from, tokenIn, balance, amountIn);
  const minAmountOut = computeMinAmountOut({ amountOut, slippageBps });
  const humanIn = formatAmount(amountIn, tokenIn.decimals);
  const humanOut = formatAmount(amountOut, tokenOut.decimals);
  const humanMin = formatAmount(minAmountOut, tokenOut.decimals);
  const swap = swapStep(
    minAmountOut,
    `Swap ${humanIn} ${tokenIn.symbol} for at least ${humanMin} ${tokenOut.symbol} with GoodDollar's reserve`,
  );
  const steps = allowance < amountIn ? [approve, swap] : [swap];
  const intent: GoodDollarReserveSwapIntent = {
    kind: "goodDollarReserveSwap",
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    amountIn: amountIn.toString(),
    minAmountOut: minAmountOut.toString(),
  };
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary: `Swap ${humanIn} ${tokenIn.symbol} for about ${humanOut} ${tokenOut.symbol} (at least ${humanMin}, slippage ${slippageBps / 100} %) with GoodDollar's reserve${steps.length > 1 ? " after approving its Broker" : ""}`,
    steps,
    intent,
    preparedAt: { blockNumber: read.blockNumber.toString() },
  };
  return settleFlowFee(plan, flow, read.fee.reads, read.fee.calls, {
    spend: [{ token: tokenIn, amount: amountIn }],
  });
}
