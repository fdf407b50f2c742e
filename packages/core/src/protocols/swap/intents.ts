import type { Address } from "viem";
import type { JsonValue } from "../../flow/stepTypes.js";
import type { IntentKinds, SwapVenueDefinition } from "../definition.js";

/**
 * A swap on a venue: amounts in base units; `deadline` in unix seconds; `route` as the venue describes it (token
 * addresses, pool fees, exchange ids); `recipient` receives `tokenOut` (every swap preflow prepares sets it;
 * flows prepared by older versions may lack it, and then the tokens went to `from`).
 *
 * @example
 * ```ts
 * import type { SwapIntentOf } from "@preflow/core";
 * const intent: SwapIntentOf = {
 *   kind: "swap", venue: "uniswap", tokenIn: usdc, tokenOut: usdm, amountIn: "100000000",
 *   expectedAmountOut: "99900000000000000000", minAmountOut: "99400000000000000000", deadline: "1767225600",
 *   route: [usdc, 100, usdm], recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
 * };
 * ```
 */
export interface SwapIntentOf<venue extends string = string> {
  kind: "swap";
  /** A registered venue (`SwapVenue`; as a plain string here, where the registry that defines the union is not known). */
  venue: venue;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: string;
  expectedAmountOut: string;
  minAmountOut: string;
  deadline: string;
  route: JsonValue[];
  /** Who receives `tokenOut`. Absent in flows of older versions (the tokens went to `from`). */
  recipient?: Address;
}

/**
 * The `swap` intent: carried out by the flow's last step, the venue's router call (read back by the venue's
 * definition, `swapVenue.readSwap`) with the same tokens, amount in, minimum out, recipient and deadline. The
 * venues come from the registry, so a new venue is its own folder and registry line. @internal
 */
export const swapIntents: IntentKinds<SwapIntentOf> = {
  swap: {
    fields: [
      "venue",
      "tokenIn",
      "tokenOut",
      "amountIn",
      "expectedAmountOut",
      "minAmountOut",
      "deadline",
      "route",
      "recipient",
    ],
    parse: (read) => {
      const venues = venuesOf(read.protocols);
      return {
        kind: "swap",
        venue: read.oneOf(
          "venue",
          venues.map((venue) => venue.venue),
        ),
        tokenIn: read.address("tokenIn"),
        tokenOut: read.address("tokenOut"),
        amountIn: read.uint("amountIn"),
        expectedAmountOut: read.uint("expectedAmountOut"),
        minAmountOut: read.uint("minAmountOut"),
        deadline: read.uint("deadline"),
        route: read.jsonList("route"),
        // Optional: flows prepared before it was added have no recipient (the tokens go to `from`).
        ...(read.has("recipient") ? { recipient: read.address("recipient") } : {}),
      };
    },
    describe: (intent, c) => {
      const venue =
        venuesOf(c.protocols).find((entry) => entry.venue === intent.venue)?.label ?? intent.venue;
      const receiver =
        intent.recipient === undefined || intent.recipient.toLowerCase() === c.from.toLowerCase()
          ? "you receive"
          : `${c.name(intent.recipient)} receives`;
      return `Swap on ${venue}: you send ${c.amount(intent.amountIn, intent.tokenIn)}, ${receiver} at least ${c.amount(intent.minAmountOut, intent.tokenOut)} (expected ${c.amount(intent.expectedAmountOut, intent.tokenOut)}), deadline ${c.time(intent.deadline)}`;
    },
    check: (intent, c) => {
      const recipient = intent.recipient ?? c.from;
      const says = `says a swap of ${intent.amountIn} ${intent.tokenIn} for at least ${intent.minAmountOut} ${intent.tokenOut} to ${recipient} by ${intent.deadline}`;
      const swap = c.action.decoded;
      if (swap === undefined) return `${says}, but its last step is not a known router call`;
      const venue = venuesOf(c.protocols).find((entry) => entry.venue === intent.venue);
      const actual = venue?.readSwap(swap, { from: c.from }) ?? `its last step calls ${swap.functionName}`;
      if (typeof actual === "string") return `${says}, but ${actual}`;
      const ok =
        c.same(actual.tokenIn, intent.tokenIn) &&
        c.same(actual.tokenOut, intent.tokenOut) &&
        c.same(actual.amountIn, intent.amountIn) &&
        c.same(actual.minAmountOut, intent.minAmountOut) &&
        c.same(actual.recipient, recipient) &&
        c.same(actual.deadline, intent.deadline);
      return ok ? undefined : `${says}, but the calldata is ${c.show(swap)}`;
    },
  },
};

/** The registry's swap venues. */
function venuesOf(protocols: readonly { swapVenue?: SwapVenueDefinition }[]): SwapVenueDefinition[] {
  return protocols.flatMap((protocol) => (protocol.swapVenue === undefined ? [] : [protocol.swapVenue]));
}
