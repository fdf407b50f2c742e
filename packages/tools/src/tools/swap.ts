import { SWAP_VENUES, type SwapVenue } from "@preflow/core";
import { z } from "zod/v4";
import { address, amount, feeCurrency, token, uint } from "../schemas/common.js";
import { preparedFlowResult } from "../schemas/flow.js";
import { addressOrSigner, defineTool, feeOptions, READ_ONLY } from "./context.js";

// The venues come from core's registry (SWAP_VENUES, in registry order): a new venue needs no edit here.
const VENUE_IDS = SWAP_VENUES.map((entry) => entry.venue) as [SwapVenue, ...SwapVenue[]];
const VENUE_LIST = SWAP_VENUES.map((entry) => `${entry.venue}: ${entry.description}`).join("; ");
const venue = z.enum(VENUE_IDS).describe(`${VENUE_LIST}.`);

const swapQuote = z.strictObject({
  venue,
  token_in: address("The token sold."),
  token_out: address("The token bought."),
  amount_in: uint("Base units of token_in sold."),
  amount_out: uint("Base units of token_out the venue would deliver now."),
  amount_out_formatted: z.string().describe("amount_out in whole tokens."),
  route: z
    .array(z.union([z.string(), z.number()]))
    .describe(
      "The route as the venue describes it: token addresses in order, with each pool's fee tier between two tokens where the venue has tiers ([token, fee, token, ...]), else [token, token, ...].",
    ),
  fee: z
    .array(z.number().int())
    .nullable()
    .describe(
      "Each pool's fee tier in hundredths of a basis point (100 = 0.01 %) on venues with tiers; null on venues whose pools take the fee inside the quote.",
    ),
});

const pair = {
  token_in: token(
    'The token to sell: a registry symbol ("USDC", "USDm", "CELO"...), former ticker or address.',
  ),
  token_out: token("The token to buy (not token_in)."),
  amount_in: amount('How much token_in to sell, human decimal (e.g. "100"; not base units, no exponent).'),
};

/** `get_swap_quote`: every venue's quote for a pair and amount, and the best. @internal */
export const getSwapQuoteTool = defineTool({
  name: "get_swap_quote",
  title: "Swap quotes",
  family: "read",
  member: "swap.getQuotes",
  description: `Quotes selling \`amount_in\` of \`token_in\` for \`token_out\` on every venue (${VENUE_LIST}). Returns each venue's quote (amounts in base units and formatted, route, fee), the best, and the venues without a route. NO_ROUTE when no venue can swap the pair. Nothing is signed. One HTTP request.`,
  input: z.strictObject(pair),
  output: z.strictObject({
    quotes: z
      .array(swapQuote)
      .describe(`One quote per venue with a route, in the order ${VENUE_IDS.join(", ")}.`),
    best: swapQuote.describe("The quote with the largest amount_out."),
    no_route: z.array(venue).describe("Venues without a route for the pair."),
    block_number: uint("The block the quotes were read at."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const { core, sdk } = await context.runtime();
    return {
      data: await core.getSwapQuotes(sdk, {
        tokenIn: args.token_in,
        tokenOut: args.token_out,
        amountIn: args.amount_in,
        signal: call.signal,
      }),
    };
  },
});

/** `prepare_swap`: an exact approve (only when short) and the swap on the best venue. @internal */
export const prepareSwapTool = defineTool({
  name: "prepare_swap",
  title: "Prepare a swap",
  family: "prepare",
  member: "swap.prepareSwap",
  description:
    "Prepares selling `amount_in` of `token_in` for `token_out` on the best venue (or `venue`): an approve of exactly amount_in to the venue's router only when the allowance is too low, then the swap with a minimum output of the quote minus `slippage_bps` and a deadline `deadline_seconds` after the current block. The flow's `intent` says { kind: \"swap\", venue, token_in, token_out, amount_in, expected_amount_out, min_amount_out, deadline, route, recipient } and `expires_at` is the deadline: execute it before then with execute_prepared_flow (dry_run: true to simulate first); it reverts on chain, swapping nothing, if the price moved beyond the slippage. Nothing is signed or sent. One HTTP request.",
  input: z.strictObject({
    from: address(
      "Who sells and will sign (default: this server's signer). Only flows from the signer can be executed here.",
    ).optional(),
    ...pair,
    venue: z
      .enum(["best", ...VENUE_IDS] as const)
      .optional()
      .describe(
        `"best" (default): the venue with the largest quote; or only one of ${VENUE_IDS.map((id) => `"${id}"`).join(", ")}.`,
      ),
    slippage_bps: z
      .number()
      .int()
      .min(0)
      .max(5_000)
      .optional()
      .describe("Tolerated slippage in basis points, 0…5000 (default 50 = 0.5 %)."),
    deadline_seconds: z
      .number()
      .int()
      .min(1)
      .max(86_400)
      .optional()
      .describe("Seconds after the current block until the swap reverts, 1…86400 (default 300)."),
    recipient: address("Who receives token_out (default: from).").optional(),
    fee_currency: feeCurrency().optional(),
  }),
  output: preparedFlowResult,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, context, call) {
    const runtime = await context.runtime();
    const from = addressOrSigner(args.from, runtime, "from");
    return {
      data: await runtime.core.prepareSwap(runtime.sdk, {
        from,
        tokenIn: args.token_in,
        tokenOut: args.token_out,
        amountIn: args.amount_in,
        ...(args.venue === undefined ? {} : { venue: args.venue }),
        ...(args.slippage_bps === undefined ? {} : { slippageBps: args.slippage_bps }),
        ...(args.deadline_seconds === undefined ? {} : { deadlineSeconds: args.deadline_seconds }),
        ...(args.recipient === undefined ? {} : { recipient: args.recipient }),
        ...feeOptions(args.fee_currency),
        signal: call.signal,
      }),
    };
  },
});
