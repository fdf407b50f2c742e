// Lending on Aave v3 (core's client.aave): positions and prepared supply / withdraw / borrow / repay.
// Each is ONE HTTP request; the flows go to execute_prepared_flow like any other.
import { z } from "zod/v4";
import { address, amount, tokenInfo, uint } from "../../schemas/common.js";
import { addressOrSigner, defineTool, READ_ONLY, type ToolDefinition } from "../context.js";
import { definePrepareTools, prepareToolRow } from "../prepareTool.js";

const from = address(
  "Who will sign and send the steps, and whose Aave position it is (default: this server's signer).",
).optional();
const reserve = () =>
  z
    .string()
    .min(1)
    .max(64)
    .describe(
      'A reserve of the Aave v3 market: "USDC", "USDT", "EURm", "USDm", "CELO" or "WETH" (or its address).',
    );
const floor = (fallback: string) =>
  z
    .union([z.string().max(24), z.number()])
    .optional()
    .describe(
      `The lowest health factor the operation may leave, between 1 and 100 (default ${fallback}); e.g. "1.5".`,
    );
const NEXT =
  'Returns a prepared flow (snake_case JSON, with intent { kind, protocol: "aave-v3", token, amount }); nothing is signed or sent. Pass it unchanged to execute_prepared_flow (dry_run: true to simulate first). One HTTP request.';

const usd = (what: string) =>
  z.strictObject({
    value: uint(`${what}, USD with 8 decimals (Aave's base currency).`),
    formatted: z.string().describe(`${what} in USD.`),
  });
const tokenAmount = (what: string) =>
  z.strictObject({
    value: uint(`${what} in base units.`),
    formatted: z.string().describe(`${what} in token units.`),
  });

/** `get_lending_positions`: the Aave v3 positions and health of an account. @internal */
export const getLendingPositionsTool = defineTool({
  name: "get_lending_positions",
  title: "Aave v3 positions",
  family: "read",
  member: "aave.getPositions",
  description:
    "Reads an account's Aave v3 positions (default: the signer): per reserve what is supplied and borrowed (base units and formatted, interest included), whether it is collateral, its price; and the account's collateral, debt and available borrows in USD and its health factor (null without debt; below 1 the account can be liquidated). One HTTP request.",
  input: z.strictObject({
    address: address("Whose positions (default: the signer).").optional(),
  }),
  output: z.strictObject({
    owner: address("The account."),
    reserves: z.array(
      z.strictObject({
        token: tokenInfo,
        a_token: address("The reserve's aToken."),
        variable_debt_token: address("The reserve's variable-debt token."),
        supplied: tokenAmount("Supplied"),
        borrowed: tokenAmount("Borrowed (variable debt)"),
        used_as_collateral: z.boolean(),
        price: usd("The oracle's price"),
        ltv: z.number().int().describe("Loan-to-value, basis points."),
        liquidation_threshold: z.number().int().describe("Liquidation threshold, basis points."),
      }),
    ),
    account: z.strictObject({
      total_collateral: usd("Collateral"),
      total_debt: usd("Debt"),
      available_borrows: usd("What can still be borrowed"),
      liquidation_threshold: z
        .number()
        .int()
        .describe("Weighted average liquidation threshold, basis points."),
      ltv: z.number().int().describe("Weighted average loan-to-value, basis points."),
      health_factor: z
        .strictObject({
          value: uint("18 decimals."),
          formatted: z.string().describe('e.g. "1.52"; below 1 the account can be liquidated.'),
        })
        .nullable()
        .describe("null without debt."),
    }),
    other_reserves: z.array(address("A reserve preflow does not read.")),
    block_number: uint("The block it was read at."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const owner = addressOrSigner(args.address, runtime, "address");
    return { data: await runtime.sdk.aave.getPositions(owner, { signal: call.signal }) };
  },
});

/** The lending prepare tools (`prepare_supply`, `prepare_withdraw`, `prepare_borrow`, `prepare_repay`), one row each. */
const PREPARE_TOOLS = [
  prepareToolRow({
    name: "prepare_supply",
    title: "Prepare an Aave v3 supply",
    description:
      'Prepares a supply of `amount` (human decimal, e.g. "100") of `token` to Aave v3: an exact approve of the Pool only when the allowance is short, then supply. Checks the balance. The account earns interest and can borrow against it.',
    input: { token: reserve(), amount: amount('Human decimal amount in token units, e.g. "100".') },
    member: "aave.prepareSupply",
    prepare: (sdk, sender, args, options) => sdk.aave.prepareSupply(sender, args.token, args.amount, options),
  }),
  prepareToolRow({
    name: "prepare_withdraw",
    title: "Prepare an Aave v3 withdrawal",
    description:
      'Prepares a withdrawal of `amount` of `token` from Aave v3 to `from`; "max" withdraws everything supplied. Refused (HEALTH_FACTOR_TOO_LOW, before anything is sent) when the health factor would fall below `health_factor_floor` (default 1).',
    input: {
      token: reserve(),
      amount: amount('Human decimal amount, e.g. "50", or "max" for everything supplied.'),
      health_factor_floor: floor("1"),
    },
    member: "aave.prepareWithdraw",
    prepare: (sdk, sender, args, options) =>
      sdk.aave.prepareWithdraw(sender, args.token, args.amount, {
        ...options,
        healthFactorFloor: args.health_factor_floor,
      }),
  }),
  prepareToolRow({
    name: "prepare_borrow",
    title: "Prepare an Aave v3 borrow",
    description:
      "Prepares a variable-rate borrow of `amount` of `token` from Aave v3 against the account's collateral. Refused before anything is sent above the available borrows (BORROW_LIMIT_EXCEEDED, naming them) or when the health factor would fall below `health_factor_floor` (default 1.1; HEALTH_FACTOR_TOO_LOW).",
    input: {
      token: reserve(),
      amount: amount('Human decimal amount in token units, e.g. "50".'),
      health_factor_floor: floor("1.1"),
    },
    member: "aave.prepareBorrow",
    prepare: (sdk, sender, args, options) =>
      sdk.aave.prepareBorrow(sender, args.token, args.amount, {
        ...options,
        healthFactorFloor: args.health_factor_floor,
      }),
  }),
  prepareToolRow({
    name: "prepare_repay",
    title: "Prepare an Aave v3 repayment",
    description:
      'Prepares a repayment of `amount` of `token` variable debt on Aave v3: an exact approve of the Pool only when the allowance is short, then repay. "max" repays the whole debt (interest until inclusion included) and approves the debt plus 0.1 %. Checks the balance.',
    input: {
      token: reserve(),
      amount: amount('Human decimal amount, e.g. "20", or "max" for the whole debt.'),
    },
    member: "aave.prepareRepay",
    prepare: (sdk, sender, args, options) => sdk.aave.prepareRepay(sender, args.token, args.amount, options),
  }),
];

/** The lending prepare tools, in listing order (supply, withdraw, borrow, repay). @internal */
export const lendingPrepareTools: readonly ToolDefinition[] = definePrepareTools(
  { from, next: NEXT },
  PREPARE_TOOLS,
);
