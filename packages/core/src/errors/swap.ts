import { SdkError } from "./base.js";

/**
 * No venue can swap the pair: no pool (or path of pools) holds it on any venue tried, or every venue's quote
 * reverted. `details` names the pair (symbols and addresses) and the venues tried.
 *
 * @example
 * ```ts
 * import { NoRouteError } from "@preflow/core";
 *
 * try {
 *   await client.swap.getQuotes("XOFm", "USDGLO", "10");
 * } catch (error) {
 *   if (error instanceof NoRouteError) console.error(error.details.venues); // ["uniswap", "mento"]
 * }
 * ```
 */
export class NoRouteError extends SdkError<"NO_ROUTE"> {
  override readonly name: string = "NoRouteError";

  constructor(parameters: {
    /** Symbol of the token sold. */
    tokenIn: string;
    /** Symbol of the token bought. */
    tokenOut: string;
    /** Address of the token sold. */
    tokenInAddress: string;
    /** Address of the token bought. */
    tokenOutAddress: string;
    /** The venues tried. */
    venues: readonly string[];
  }) {
    const { tokenIn, tokenOut, tokenInAddress, tokenOutAddress, venues } = parameters;
    super({
      code: "NO_ROUTE",
      message: `No route from ${tokenIn} to ${tokenOut} on ${venues.join(" or ")}. Try another pair, another venue, or a swap through USDm in two steps.`,
      details: { tokenIn, tokenOut, tokenInAddress, tokenOutAddress, venues: [...venues] },
    });
  }
}

/**
 * Every venue that has a route for the pair quotes zero output for the amount: the amount is too small to buy
 * one base unit of the token bought (after fees and rounding).
 *
 * @example
 * ```ts
 * import { ZeroQuoteError } from "@preflow/core";
 *
 * try {
 *   await client.swap.prepareSwap(from, "USDm", "USDC", "0.000000000000000001");
 * } catch (error) {
 *   if (error instanceof ZeroQuoteError) console.error(error.details.amountIn);
 * }
 * ```
 */
export class ZeroQuoteError extends SdkError<"ZERO_QUOTE"> {
  override readonly name: string = "ZeroQuoteError";

  constructor(parameters: {
    tokenIn: string;
    tokenOut: string;
    /** The amount sold, human form. */
    amountIn: string;
    /** The venues that quoted zero. */
    venues: readonly string[];
  }) {
    const { tokenIn, tokenOut, amountIn, venues } = parameters;
    super({
      code: "ZERO_QUOTE",
      message: `Selling ${amountIn} ${tokenIn} for ${tokenOut} on ${venues.join(" or ")} gives 0 ${tokenOut}. Raise the amount.`,
      details: { tokenIn, tokenOut, amountIn, venues: [...venues] },
    });
  }
}
