import { formatAmount } from "../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import { planFlowFee, settleFlowFee } from "../../fees/flowFee.js";
import { currentChainTime } from "../../flow/flowClock.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../flow/types.js";
import { balanceOfCall, expectUint } from "../../tokens/erc20Reads.js";
import { expectBalance } from "../../tokens/expectBalance.js";
import { TOKENS } from "../../tokens/registry.js";
import { computeMinAmountOut } from "./computeMinAmountOut.js";
import type { ParsedSwap } from "./parseSwapParameters.js";
import { bestCandidate, readSwapState } from "./readSwapState.js";
import type { SwapIntent, SwapVenue } from "./types.js";
import type { SwapVenueAdapter } from "./venueAdapter.js";

/** `[USDT, 100, USDC, 100, USDm]` → "USDT → USDC → USDm". */
function describeRoute(route: readonly unknown[]): string {
  const symbols = route
    .filter((entry): entry is string => typeof entry === "string")
    .map((address) => Object.values(TOKENS).find((token) => token.address === address)?.symbol ?? address);
  return symbols.join(" → ");
}

/**
 * Prepares a swap on the best of `venues` (one venue for the per-venue actions): one HTTP request reads the
 * balance, the allowance of every venue's router, the block's number and timestamp and every venue's quotes; then
 * the flow is an exact approve (only when the chosen router's allowance is short) and the swap with its minimum
 * output and deadline. @internal
 */
export async function prepareSwapOnVenues(
  client: SdkBaseClient,
  parsed: ParsedSwap,
  venues: readonly SwapVenueAdapter[],
): Promise<SerializedPreparedFlow> {
  const { from, recipient, tokenIn, tokenOut, amountIn, slippageBps, deadlineSeconds, signal } = parsed;
  // The fee's sketches (paying gas in a fee currency): [approve, swap] on every route each venue considers, the
  // swap with a minimum output of 1 and a deadline a day from the local clock (same gas; the real calldata's
  // extra cost is added when it settles).
  const approvals = venues.map((venue) => venue.approvals({ from, tokenIn, amountIn, tag: client.tag }));
  const routes = venues.flatMap((venue, index) =>
    venue
      .quote({ tokenIn, tokenOut, amountIn })
      .routes.map((candidate) => ({ venue, candidate, approvals: approvals[index]! })),
  );
  const sketchDeadline = BigInt(Math.floor(Date.now() / 1000) + 86_400);
  const plan = await planFlowFee(client, parsed.feeCurrency, {
    from,
    alternatives: routes.map(({ candidate, approvals }) => [
      ...approvals.steps(undefined, sketchDeadline),
      candidate.encode({ amountIn, minAmountOut: 1n, recipient, deadline: sketchDeadline, from }),
    ]),
  });
  // The balance, then each venue's allowance reads, in venue order.
  const extra = [balanceOfCall(tokenIn, from), ...approvals.flatMap((approval) => approval.reads)];
  const state = await readSwapState(client, {
    venues,
    tokenIn,
    tokenOut,
    amountIn,
    extra,
    plan,
    timestamp: true,
    signal,
  });
  const candidate = bestCandidate(state, parsed);
  const balance = expectUint(state.extra[0], tokenIn, "balanceOf");
  const humanIn = formatAmount(amountIn, tokenIn.decimals);
  expectBalance(from, tokenIn, balance, amountIn);
  const venueIndex = venues.findIndex((venue) => venue.name === candidate.venue);
  const venue = venues[venueIndex]!;
  const approvalReads = approvals
    .slice(0, venueIndex)
    .reduce((sum, approval) => sum + approval.reads.length, 1);
  const approval = approvals[venueIndex]!;
  const minAmountOut = computeMinAmountOut({ amountOut: candidate.amountOut, slippageBps });
  // From the later of the block's time and the local clock: a stalled chain must not give a born-expired deadline.
  const deadline = currentChainTime(state.timestamp!) + BigInt(deadlineSeconds);
  const swap = candidate.encode({ amountIn, minAmountOut, recipient, deadline, from });

  const steps: PreparedStep[] = approval.steps(
    state.extra.slice(approvalReads, approvalReads + approval.reads.length),
    deadline,
  );
  const humanOut = formatAmount(candidate.amountOut, tokenOut.decimals);
  const humanMin = formatAmount(minAmountOut, tokenOut.decimals);
  const where = `${venue.label} (${describeRoute(candidate.route)})`;
  const toWhom = recipient === from ? "" : ` to ${recipient}`;
  steps.push({
    kind: "contract",
    to: swap.to,
    data: client.tag(swap.data),
    value: "0",
    description: `Swap ${humanIn} ${tokenIn.symbol} for at least ${humanMin} ${tokenOut.symbol} on ${where}${toWhom}, deadline ${deadline} (${new Date(Number(deadline) * 1000).toISOString()})`,
    call: swap.call,
  });
  const intent: SwapIntent = {
    kind: "swap",
    // An adapter's name is its registered venue (loadSwapVenues loads only registered venues).
    venue: candidate.venue as SwapVenue,
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    amountIn: amountIn.toString(),
    expectedAmountOut: candidate.amountOut.toString(),
    minAmountOut: minAmountOut.toString(),
    deadline: deadline.toString(),
    route: candidate.route,
    recipient,
  };
  const approved = steps.length > 1 ? ` after approving ${venue.routerLabel}` : "";
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary: `Swap ${humanIn} ${tokenIn.symbol} for about ${humanOut} ${tokenOut.symbol} (at least ${humanMin}, slippage ${slippageBps / 100} %) on ${where}${toWhom}${approved}`,
    steps,
    intent,
    preparedAt: { blockNumber: state.blockNumber.toString() },
    expiresAt: deadline.toString(),
  };
  const chosenRoute = JSON.stringify(candidate.route);
  return settleFlowFee(plan, flow, state.fee.reads, state.fee.calls, {
    alternative: routes.findIndex(
      (route) =>
        route.venue.name === candidate.venue && JSON.stringify(route.candidate.route) === chosenRoute,
    ),
    spend: [{ token: tokenIn, amount: amountIn }],
  });
}
