// GoodDollar (core's client.goodDollar actions): the daily UBI of a whitelisted identity and the reserve that
// trades G$ against USDm. Each is ONE HTTP request; the flows go to execute_prepared_flow like any other, and the
// spending policy reads a claim as a known call that spends nothing and a reserve swap as a pull of amount_in of
// token_in by the reserve's Broker.
import { z } from "zod/v4";
import { address, amount, tokenInfo, uint } from "../../schemas/common.js";
import { addressOrSigner, defineTool, READ_ONLY, type ToolDefinition } from "../context.js";
import { definePrepareTools, prepareToolRow } from "../prepareTool.js";

const NEXT =
  "Returns a prepared flow (snake_case JSON with its intent); nothing is signed or sent. Pass it unchanged to execute_prepared_flow (dry_run: true to simulate first). Refusals (GOODDOLLAR_REFUSED: not-whitelisted, already-claimed, claim-not-open, no-reserve-quote) come before anything is built. One HTTP request.";
const from = address("Who will sign and send the steps (default: this server's signer).").optional();
const refusal = z.enum([
  "not-whitelisted",
  "already-claimed",
  "claim-not-open",
  "not-a-reserve-pair",
  "no-reserve-quote",
]);
const reservePair = {
  token_in: z.string().max(64).describe('"USDm" to buy G$ or "G$" to sell it (symbol, alias or address).'),
  token_out: z.string().max(64).describe("The other one of G$ and USDm."),
  amount_in: amount('How much token_in, human decimal (e.g. "1"; not base units).'),
};

/** `get_ubi_entitlement`: what a GoodDollar UBI claim would pay an address now. @internal */
export const getUbiEntitlementTool = defineTool({
  name: "get_ubi_entitlement",
  title: "GoodDollar UBI entitlement",
  family: "read",
  member: "goodDollar.getUbiEntitlement",
  description:
    "Reads an address's GoodDollar UBI (default: the signer): its whitelisted identity (null when it is not a verified GoodDollar identity), the G$ a claim now pays, whether today's UBI was already claimed, and whether a claim can be prepared (with the refusal reason when not). One HTTP request.",
  input: z.strictObject({ address: address("Whose UBI (default: the signer).").optional() }),
  output: z.strictObject({
    address: address("The account."),
    whitelisted_root: address("The whitelisted identity it claims for.").nullable(),
    entitlement: uint("G$ base units a claim pays now (0 once claimed today)."),
    entitlement_formatted: z.string().max(80).describe("The same in G$."),
    claimed_today: z.boolean(),
    can_claim: z.boolean(),
    refusal: refusal.nullable().describe("Why a claim cannot be prepared now, or null."),
    day: uint("The UBIScheme's day number."),
    block_number: uint("The block it was read at."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const account = addressOrSigner(args.address, runtime, "address");
    return {
      data: await runtime.core.getGoodDollarUbiEntitlement(runtime.sdk, {
        address: account,
        signal: call.signal,
      }),
    };
  },
});

/** `get_gooddollar_reserve_quote`: buying or selling G$ with GoodDollar's reserve. @internal */
export const getGoodDollarReserveQuoteTool = defineTool({
  name: "get_gooddollar_reserve_quote",
  title: "GoodDollar reserve quote",
  family: "read",
  member: "goodDollar.getReserveQuote",
  description:
    "Quotes buying G$ with USDm or selling G$ for USDm with GoodDollar's reserve (the Mento Broker on its G$/USDm Bancor exchange; a sale pays the exit contribution): the output in base units and formatted, and the current G$ price in USDm. Nothing is signed. One HTTP request.",
  input: z.strictObject(reservePair),
  output: z.strictObject({
    token_in: tokenInfo,
    token_out: tokenInfo,
    amount_in: uint("Base units of token_in."),
    amount_out: uint("Base units of token_out the reserve pays now."),
    amount_out_formatted: z.string().max(80),
    price_in_usdm: z.string().max(80).describe("The current price of one G$ in USDm."),
    block_number: uint("The block it was read at."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    return {
      data: await runtime.core.getGoodDollarReserveQuote(runtime.sdk, {
        tokenIn: args.token_in,
        tokenOut: args.token_out,
        amountIn: args.amount_in,
        signal: call.signal,
      }),
    };
  },
});

/** `prepare_ubi_claim` and `prepare_gooddollar_reserve_swap`. @internal */
export const goodDollarPrepareTools: ToolDefinition[] = definePrepareTools({ from, next: NEXT }, [
  prepareToolRow({
    name: "prepare_ubi_claim",
    title: "Prepare a GoodDollar UBI claim",
    description:
      "Prepares today's GoodDollar UBI claim for `from`: one step, the UBIScheme's claim(), which pays the signer the day's G$. Refused (GOODDOLLAR_REFUSED) when `from` is not a whitelisted GoodDollar identity or has already claimed today.",
    input: {},
    member: "goodDollar.prepareClaim",
    prepare: async (sdk, sender, _args, options) => {
      const { prepareGoodDollarClaim } = await import("@preflow/core");
      return prepareGoodDollarClaim(sdk, { from: sender, ...options });
    },
  }),
  prepareToolRow({
    name: "prepare_gooddollar_reserve_swap",
    title: "Prepare a GoodDollar reserve swap",
    description:
      "Prepares buying G$ with USDm or selling G$ for USDm with GoodDollar's reserve: an approve of exactly amount_in to the reserve's Broker only when the allowance is too low, then the Broker's swapIn with a minimum output of the quote minus `slippage_bps` (the Broker has no deadline). The intent says { kind: \"goodDollarReserveSwap\", token_in, token_out, amount_in, min_amount_out }.",
    input: {
      ...reservePair,
      slippage_bps: z
        .number()
        .int()
        .min(0)
        .max(5_000)
        .optional()
        .describe("Tolerated slippage in basis points, 0…5000 (default 100 = 1 %)."),
    },
    member: "goodDollar.prepareReserveSwap",
    prepare: async (sdk, sender, args, options) => {
      const { prepareGoodDollarReserveSwap } = await import("@preflow/core");
      return prepareGoodDollarReserveSwap(sdk, {
        from: sender,
        tokenIn: args.token_in,
        tokenOut: args.token_out,
        amountIn: args.amount_in,
        ...(args.slippage_bps === undefined ? {} : { slippageBps: args.slippage_bps }),
        ...options,
      });
    },
  }),
]);
