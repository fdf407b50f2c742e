import { revertSources } from "@preflow/core";
import { z } from "zod/v4";
import { address, hex, MAX, uint } from "../schemas/common.js";
import { preparedFlow } from "../schemas/flow.js";
import { defineTool, READ_ONLY } from "./context.js";
import { flowArgument, toSdkFlow } from "./execute.js";

const signed = (description: string) =>
  z
    .string()
    .max(81)
    .regex(/^-?(?:0|[1-9]\d*)$/, "must be a signed integer as a decimal string")
    .describe(description);
const amountView = z.strictObject({
  value: uint("Base units."),
  formatted: z
    .string()
    .nullable()
    .describe('Human units ("unlimited" for max uint256); null: decimals unknown.'),
});

const revertReason = z.strictObject({
  name: z.string().nullable().describe('"Error", "Panic", a known custom error, or null when not decoded.'),
  // "solidity", then every registered protocol that declares errors (PROTOCOLS in @preflow/core).
  source: z.enum(revertSources() as [string, ...string[]]).nullable(),
  selector: z.string().nullable().describe("The first 4 bytes of the revert data."),
  args: z.array(z.unknown()).describe("The decoded arguments (integers as decimal strings)."),
  message: z.string().describe("One readable line."),
  data: hex("The raw revert data (cut to 2 KiB)."),
});

const simulation = z.strictObject({
  success: z.boolean().describe("Every step succeeded."),
  chain_id: z.literal(42220),
  account: address("Who the steps ran as (the flow's from, or `as`)."),
  block_number: uint("The block whose state the steps ran on."),
  failed_step: z.number().int().nullable().describe("The step that reverted; null on success."),
  steps: z.array(
    z.strictObject({
      index: z.number().int(),
      description: z.string(),
      to: address("The called address."),
      status: z
        .enum(["success", "reverted", "refused", "not-run"])
        .describe(
          "refused: the node would not run it, the account cannot pay its fee (see refusal); not-run: an earlier step reverted or was refused, so an executor stops before it.",
        ),
      gas_used: uint("Gas the step used.").nullable(),
      revert_reason: revertReason.optional(),
      refusal: z
        .strictObject({
          reason: z.literal("insufficient-fee-balance"),
          currency: z.string().describe('The paying token\'s symbol ("CELO", "USDC").'),
          token: address("The paying token."),
          have: amountView.describe("The paying balance before the step."),
          need: amountView.describe("What the node debits before the step runs (the fee's maximum)."),
          message: z.string().describe("One readable line."),
        })
        .optional(),
      effects: z
        .array(z.string())
        .describe('What the step did in a protocol, in words ("locks 50 CELO"); [] when none or not run.'),
    }),
  ),
  balance_changes: z
    .array(
      z.strictObject({
        address: address("Whose balance."),
        token: address("The token (CELO: 0x471E…a438, native moves included, counted once)."),
        symbol: z.string().nullable(),
        decimals: z.number().int().nullable(),
        delta: signed("Signed change in base units."),
        formatted: z.string().nullable().describe("Signed change in human units."),
      }),
    )
    .describe("Net changes of the steps that ran, per address and token."),
  allowance_changes: z.array(
    z.strictObject({
      token: address("The token."),
      symbol: z.string().nullable(),
      owner: address("Who allows."),
      spender: address("Who may spend."),
      before: amountView.nullable().describe("null: only seen in an Approval event, not read."),
      after: amountView,
    }),
  ),
  fee: z.strictObject({
    currency: z.string().describe('Who pays the gas: "CELO", or the fee currency\'s token symbol ("USDC").'),
    token: address("The paying token (CELO: 0x471E…a438; for USDC the token, not its adapter)."),
    decimals: z.number().int().nullable(),
    fee_currency: address("The CIP-64 fee currency (USDC's adapter); null when CELO pays.").nullable(),
    gas_used: uint("Total gas of the steps that ran (plus the fee currency's intrinsic gas per step)."),
    base_fee_per_gas: uint("The next block's CELO base fee, wei."),
    cost: uint(
      "The fee in the paying token's base units: CELO gas_used × base_fee_per_gas (a priority fee on top); a fee currency's debit with its tip, as the node settles it (counted in balance_changes).",
    ),
    formatted: z.string().describe("The cost in the paying token."),
    currency_fee: z
      .strictObject({
        intrinsic_gas: uint("Added to each step's gas by the fee currency."),
        rate: z.strictObject({
          numerator: uint("Currency amount = CELO amount × numerator / denominator."),
          denominator: uint("See numerator."),
        }),
        base_fee_per_gas: uint("The base fee per gas in the currency (18 decimals)."),
        tip_per_gas: uint("The tip per gas in the currency (18 decimals)."),
      })
      .optional(),
  }),
});

/** `simulate_flow`: what a prepared flow would do, before anyone signs. @internal */
export const simulateFlowTool = defineTool({
  name: "simulate_flow",
  title: "Simulate a prepared flow",
  family: "prepare",
  member: "transaction.simulatePreparedFlow",
  description:
    "Simulates a prepared flow (from a prepare_* tool) BEFORE it is executed: every step in order on one state (eth_simulateV1), so a call after its approval sees the approval. Returns `simulation` (per step success / reverted with a decoded revert_reason / refused with a refusal when the account cannot pay its fee / not-run; balance_changes per address and token; allowance_changes before and after; fee in the currency that pays it: CELO, or the flow's fee currency such as USDC; each step's effects in words, e.g. \"locks 50 CELO\") and `preview`, a readable text of what the flow does and changes: show it to the user. Signs and sends nothing; needs no signer (`as` runs the steps as another address, e.g. a smart account). Call it before execute_prepared_flow and execute only if it succeeds and the changes are what the user asked for. One HTTP request. SIMULATION_UNSUPPORTED: the RPC endpoint lacks eth_simulateV1.",
  input: z.strictObject({
    flow: z
      .union([preparedFlow, z.string().max(MAX.flowJson).describe("The same flow as JSON text.")])
      .describe("The prepared flow exactly as a prepare_* tool returned it (an object, or its JSON text)."),
    as: address("Run the steps as this address instead of the flow's from (a smart account).").optional(),
  }),
  output: z.strictObject({
    simulation,
    preview: z.string().describe("What the flow does and what the simulation says, as plain text lines."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const flow = flowArgument("simulate_flow", args.flow);
    const { core, sdk } = await context.runtime();
    const parsed = core.parsePreparedFlow(toSdkFlow(flow));
    const result = await core.simulatePreparedFlow(sdk, {
      flow: parsed,
      ...(args.as === undefined ? {} : { as: args.as }),
      signal: call.signal,
    });
    const failed = result.failedStep === null ? undefined : result.steps[result.failedStep];
    return {
      data: { simulation: result, preview: core.formatPreparedFlow(parsed, result) },
      headline: failed?.refusal
        ? `Simulation: step ${failed.index} would be refused by the node (${failed.refusal.message}). Do not execute this flow as it is: pay the fee in a currency the account holds.`
        : failed
          ? `Simulation: step ${failed.index} would revert (${failed.revertReason?.message ?? "no reason"}); later steps would not run. Do not execute this flow as it is.`
          : `Simulation: all ${result.steps.length} step(s) succeed. Check the balance changes below before executing.`,
    };
  },
});
