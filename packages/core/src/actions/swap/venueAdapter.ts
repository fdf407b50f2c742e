// The internal shape of a swap venue's adapter (what `defineSwapVenue` builds and the generic swap actions drive). It
// names venues as plain strings: the venue union (`SwapVenue`, types.ts) is derived from the protocol registry,
// which the protocol definitions that point to these adapters are part of, so these types must not depend on it.
import type { Address, Hex } from "viem";
import type { JsonValue, PreparedStep, StepCall } from "../../flow/stepTypes.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";
import type { TokenInfo } from "../../tokens/registry.js";

/** The swap call of a venue, encoded and decoded. @internal */
export interface EncodedSwap {
  to: Address;
  data: Hex;
  call: StepCall;
}

/** A venue's best candidate for a pair and amount, from its quote reads. @internal */
export interface SwapCandidate {
  venue: string;
  amountOut: bigint;
  route: JsonValue[];
  fee: number[] | null;
  /** Encodes the swap for this candidate. */
  encode(parameters: {
    amountIn: bigint;
    minAmountOut: bigint;
    recipient: Address;
    deadline: bigint;
    /** The seller (who signs and calls the router). */
    from: Address;
  }): EncodedSwap;
}

/**
 * What a venue's quote reads found: the best candidate with a positive output, whether some route answered with
 * zero output, or neither (no route). @internal
 */
export interface VenueQuoteOutcome {
  candidate: SwapCandidate | undefined;
  /** A route exists but quotes zero output for the amount. */
  zero: boolean;
}

/**
 * How a venue gets the right to pull `tokenIn`: the reads that tell whether an approval is short (in the swap's
 * one Multicall3 call) and the approval steps they call for. @internal
 */
export interface SwapApprovals {
  /** The allowance reads, each with its ABI (decoded strictly). */
  reads: ReadCall[];
  /**
   * The approval steps, in order, from the reads' results and the swap's deadline; with `results` undefined,
   * every step the swap may need (the fee plan's sketch, before anything is read).
   */
  steps(results: readonly ReadResult[] | undefined, deadline: bigint): PreparedStep[];
}

/** A venue: its router, how it is approved, and how to quote on it in one Multicall3 batch. @internal */
export interface SwapVenueAdapter {
  name: string;
  /** For descriptions: `"Uniswap v3"`. */
  label: string;
  /** The swap's `to`. */
  router: Address;
  /** The label of the router in a step's `call.contract` and descriptions. */
  routerLabel: string;
  /** The reads that quote every route the venue considers, and how to pick the best from their results. */
  quote(parameters: { tokenIn: TokenInfo; tokenOut: TokenInfo; amountIn: bigint }): {
    reads: ReadCall[];
    pick(results: readonly ReadResult[]): VenueQuoteOutcome;
    /** Every route considered, unquoted (`amountOut` 0): what a fee plan simulates before the quotes are known. */
    routes: SwapCandidate[];
  };
  /** The approvals a swap of `amountIn` of `tokenIn` by `from` needs (an exact ERC-20 `approve` of the router by default). */
  approvals(parameters: {
    from: Address;
    tokenIn: TokenInfo;
    amountIn: bigint;
    tag: (data: Hex) => Hex;
  }): SwapApprovals;
}
