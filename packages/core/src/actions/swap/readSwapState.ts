import { formatAmount } from "../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../clients/types.js";
import { NoRouteError, ZeroQuoteError } from "../../errors/swap.js";
import { type FlowFeePlan, type ReadWithFeePlanResult, readWithFeePlan } from "../../fees/flowFee.js";
import { blockTimestampRead, type ReadCall, type ReadResult } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import type { TokenInfo } from "../../tokens/registry.js";
import type { SwapQuote, SwapVenue } from "./types.js";
import type { SwapCandidate, SwapVenueAdapter, VenueQuoteOutcome } from "./venueAdapter.js";

/** What {@link readSwapState} read, all at one block. @internal */
export interface SwapState {
  /** One outcome per venue, in the order given. */
  outcomes: { venue: SwapVenueAdapter; outcome: VenueQuoteOutcome }[];
  /** The results of the extra reads, in order. */
  extra: ReadResult[];
  blockNumber: bigint;
  /** The block's timestamp, when asked for. */
  timestamp: bigint | undefined;
  /** The answers to the fee plan's reads and calls, for `settleFlowFee` (empty without a plan). */
  fee: ReadWithFeePlanResult["fee"];
}

/**
 * Reads every venue's quotes, the `extra` reads (balance, allowances) and the block number (and timestamp) in ONE
 * HTTP request: one Multicall3 `aggregate3` with `allowFailure`, so a missing pool fails only its own entry.
 * Every read carries its ABI, so `readBatch` decodes each answer strictly (a malformed one is an `RpcError`).
 * @internal
 */
export async function readSwapState(
  client: SdkBaseClient,
  parameters: {
    venues: readonly SwapVenueAdapter[];
    tokenIn: TokenInfo;
    tokenOut: TokenInfo;
    amountIn: bigint;
    extra?: readonly ReadCall[];
    /** The fee plan whose reads and calls ride in the same request (`readWithFeePlan`). */
    plan?: FlowFeePlan | undefined;
    timestamp?: boolean;
    signal: AbortSignal | undefined;
  },
): Promise<SwapState> {
  const { venues, tokenIn, tokenOut, amountIn, extra = [], plan, timestamp = false, signal } = parameters;
  const quoting = venues.map((venue) => ({ venue, quote: venue.quote({ tokenIn, tokenOut, amountIn }) }));
  const reads: ReadCall[] = [...extra];
  if (timestamp) reads.push(blockTimestampRead());
  for (const { quote } of quoting) reads.push(...quote.reads);
  const { reads: results, blockNumber, fee } = await readWithFeePlan(client, { reads, plan, signal });
  let offset = extra.length;
  let time: bigint | undefined;
  if (timestamp) {
    const value = results[offset]?.value;
    offset += 1;
    time = typeof value === "bigint" ? value : undefined;
    if (time === undefined) {
      throw toRpcError(new Error("Multicall3 returned no block timestamp"), {
        rpcUrl: client.rpc.rpcUrl,
        method: "eth_call",
      });
    }
  }
  const outcomes = quoting.map(({ venue, quote }) => {
    const slice = results.slice(offset, offset + quote.reads.length);
    offset += quote.reads.length;
    return { venue, outcome: quote.pick(slice) };
  });
  return {
    outcomes,
    extra: results.slice(0, extra.length),
    blockNumber,
    timestamp: time,
    fee,
  };
}

/**
 * The best candidate of the outcomes (largest output; the first venue on a tie), or the error that explains why
 * there is none: {@link ZeroQuoteError} when some route quotes zero, {@link NoRouteError} otherwise. @internal
 */
export function bestCandidate(
  state: Pick<SwapState, "outcomes">,
  pair: { tokenIn: TokenInfo; tokenOut: TokenInfo; amountIn: bigint },
): SwapCandidate {
  let best: SwapCandidate | undefined;
  for (const { outcome } of state.outcomes) {
    const candidate = outcome.candidate;
    if (candidate && (best === undefined || candidate.amountOut > best.amountOut)) best = candidate;
  }
  if (best) return best;
  const { tokenIn, tokenOut, amountIn } = pair;
  const zero = state.outcomes.filter(({ outcome }) => outcome.zero).map(({ venue }) => venue.name);
  if (zero.length > 0) {
    throw new ZeroQuoteError({
      tokenIn: tokenIn.symbol,
      tokenOut: tokenOut.symbol,
      amountIn: formatAmount(amountIn, tokenIn.decimals),
      venues: zero,
    });
  }
  throw new NoRouteError({
    tokenIn: tokenIn.symbol,
    tokenOut: tokenOut.symbol,
    tokenInAddress: tokenIn.address,
    tokenOutAddress: tokenOut.address,
    venues: state.outcomes.map(({ venue }) => venue.name),
  });
}

/** A candidate as the public {@link SwapQuote}. @internal */
export function toSwapQuote(
  candidate: SwapCandidate,
  pair: { tokenIn: TokenInfo; tokenOut: TokenInfo; amountIn: bigint },
): SwapQuote {
  return {
    venue: candidate.venue as SwapVenue, // an adapter's name is its registered venue

    tokenIn: pair.tokenIn.address,
    tokenOut: pair.tokenOut.address,
    amountIn: pair.amountIn.toString(),
    amountOut: candidate.amountOut.toString(),
    amountOutFormatted: formatAmount(candidate.amountOut, pair.tokenOut.decimals),
    route: candidate.route,
    fee: candidate.fee,
  };
}
