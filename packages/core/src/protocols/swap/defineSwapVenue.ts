// A swap venue's adapter built from what differs between venues (its routes, how one route is quoted, read back,
// shown and encoded): the quote-all-routes-then-pick-the-best logic is written once here for every venue.
import type { Address } from "viem";
import type { SwapVenue } from "../../actions/swap/types.js";
import type {
  EncodedSwap,
  SwapApprovals,
  SwapCandidate,
  SwapVenueAdapter,
  VenueQuoteOutcome,
} from "../../actions/swap/venueAdapter.js";
import { buildApproveStep } from "../../flow/buildApproveStep.js";
import type { JsonValue } from "../../flow/types.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";
import { allowanceCall, expectUint } from "../../tokens/erc20Reads.js";
import type { TokenInfo } from "../../tokens/registry.js";

/** What a venue supplies to {@link defineSwapVenue}, for its own route type `route`. @internal */
export interface SwapVenueSpec<route> {
  name: SwapVenue;
  /** For descriptions: `"Uniswap v3"`. */
  label: string;
  /** The router: the swap's `to` (and, by default, the spender to approve). */
  router: Address;
  /** The label of the router in a step's `call.contract` and descriptions. */
  routerLabel: string;
  /** Every route the venue considers for a pair and amount, in order of preference on equal output. */
  candidateRoutes(tokenIn: Address, tokenOut: Address, amountIn: bigint): route[];
  /** The read (one Multicall3 call) that quotes selling `amountIn` along `route`. */
  quoteRead(route: route, amountIn: bigint): ReadCall;
  /** The output a route's quote read answered (strictly decoded by `readBatch`), or `undefined` when it failed. */
  quotedAmount(result: ReadResult | undefined, route: route): bigint | undefined;
  /** The route as a quote shows it: `route` (tokens, and fee tiers where the venue has them) and `fee`. */
  describe(route: route): { route: JsonValue[]; fee: number[] | null };
  /** Encodes the router's swap call for `route`, and its decoded `call`. */
  encode(
    route: route,
    parameters: {
      amountIn: bigint;
      minAmountOut: bigint;
      recipient: Address;
      deadline: bigint;
      from: Address;
    },
  ): EncodedSwap;
  /** How the venue is approved; default {@link routerApprovals} (an exact `approve` of the router when short). */
  approvals?: SwapVenueAdapter["approvals"];
}

/**
 * The default approvals of a venue: `tokenIn.allowance(from, router)` read with the quotes, and an `approve` of
 * exactly `amountIn` to the router only when that allowance is short. @internal
 */
export function routerApprovals(router: Address, routerLabel: string): SwapVenueAdapter["approvals"] {
  return ({ from, tokenIn, amountIn, tag }): SwapApprovals => ({
    reads: [allowanceCall(tokenIn, from, router)],
    steps(results) {
      const short = results === undefined || expectUint(results[0], tokenIn, "allowance") < amountIn;
      return short
        ? [
            buildApproveStep({
              token: tokenIn,
              spender: router,
              amount: amountIn,
              tag,
              spenderLabel: routerLabel,
            }),
          ]
        : [];
    },
  });
}

/**
 * A {@link SwapVenueAdapter} from a venue's {@link SwapVenueSpec}: its quote reads every candidate route in
 * one batch and picks the largest positive output (the first route on a tie), noting whether some route quoted
 * zero. @internal
 */
export function defineSwapVenue<route>(venue: SwapVenueSpec<route>): SwapVenueAdapter {
  const candidateOf = (route: route, amountOut: bigint): SwapCandidate => ({
    venue: venue.name,
    amountOut,
    ...venue.describe(route),
    encode: (parameters) => venue.encode(route, parameters),
  });
  return Object.freeze({
    name: venue.name,
    label: venue.label,
    router: venue.router,
    routerLabel: venue.routerLabel,
    approvals: venue.approvals ?? routerApprovals(venue.router, venue.routerLabel),
    quote({ tokenIn, tokenOut, amountIn }: { tokenIn: TokenInfo; tokenOut: TokenInfo; amountIn: bigint }) {
      const routes = venue.candidateRoutes(tokenIn.address, tokenOut.address, amountIn);
      return {
        reads: routes.map((route) => venue.quoteRead(route, amountIn)),
        pick(results: readonly ReadResult[]): VenueQuoteOutcome {
          let best: { route: route; amountOut: bigint } | undefined;
          let zero = false;
          routes.forEach((route, index) => {
            const amountOut = venue.quotedAmount(results[index], route);
            if (amountOut === undefined) return;
            if (amountOut === 0n) zero = true;
            else if (best === undefined || amountOut > best.amountOut) best = { route, amountOut };
          });
          return { candidate: best && candidateOf(best.route, best.amountOut), zero };
        },
        routes: routes.map((route) => candidateOf(route, 0n)),
      };
    },
  });
}
