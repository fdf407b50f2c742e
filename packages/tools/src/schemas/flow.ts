// The prepared flow as the tools show it and take it back: snake_case keys (the tools' one casing), the
// same fields as the SDK's SerializedPreparedFlow.
import { z } from "zod/v4";
import { address, hex, jsonValue, MAX, text, uint } from "./common.js";

/**
 * The flow's schema. `value` types the opaque JSON inside (call args, intent): capped JSON values for
 * inputs, `true` (anything) for outputs, which clients compile on every tools/list.
 */
function flowSchema(value: z.ZodType) {
  const stepCall = z.strictObject({
    contract: text(MAX.label, 'A label of the called contract, e.g. "USDm" or a protocol contract\'s label.'),
    function_name: text(MAX.functionName, "The function called."),
    args: z.array(value).max(64).describe("Its arguments, JSON-safe (integers as decimal strings)."),
  });

  const preparedStep = z.strictObject({
    kind: z
      .enum(["native", "erc20", "contract"])
      .describe("native transfer, ERC-20 call, or any contract call"),
    to: address("The called address."),
    data: hex("The calldata (with the attribution suffix)."),
    value: uint("CELO sent with the step, in wei."),
    description: text(MAX.description, "What the step does, for the user."),
    call: stepCall.optional().describe("The decoded call, when the step calls a contract."),
    fee_currency: address(
      "CIP-64: the fee currency this step pays gas in (sign it as type 0x7b with this feeCurrency; the adapter for USDC and USD₮). Absent: gas is paid in CELO.",
    ).optional(),
  });

  const fee = z
    .strictObject({
      currency: text(MAX.label, 'The symbol of the token that pays gas, e.g. "USDm", "USDC".'),
      fee_currency: address("What every step carries in fee_currency (the adapter for USDC and USD₮)."),
      gas: uint("Gas limit of each step, the currency's intrinsic gas included."),
      max_fee_per_gas: uint("Per gas, in the fee currency's 18-decimal units."),
      max_priority_fee_per_gas: uint("Per gas, in the fee currency's 18-decimal units."),
      estimated: uint("The expected fee at the current base fee, in the paying token's base units."),
      max: uint(
        "The most the fee can be, in the paying token's base units (the node debits this much first).",
      ),
    })
    .describe("Present when gas is paid in a fee currency (CIP-64) instead of CELO.");

  return z.strictObject({
    prepared_flow: z.literal(true),
    chain_id: z.literal(42220),
    from: address("Who signs and sends the steps."),
    summary: text(MAX.summary, "What the flow does, in one line."),
    steps: z
      .array(preparedStep)
      .min(1)
      .max(32)
      .describe("The steps, in execution order (approval before its action)."),
    intent: z
      .record(z.string().max(MAX.label), value)
      .optional()
      .describe(
        'What the flow is for, machine-readable: { kind: "send" | "approve" | "contractCall" | "swap" | ..., ... }.',
      ),
    prepared_at: z
      .strictObject({ block_number: uint("The block the flow's checks were read at.") })
      .optional(),
    expires_at: uint("Unix seconds after which the flow is stale (a quote or deadline).").optional(),
    fee: fee.optional(),
  });
}

/** A prepared flow as tools take it (opaque JSON capped). */
export const preparedFlow = flowSchema(jsonValue);
/** A prepared flow as tools return it. */
export const preparedFlowResult = flowSchema(z.unknown());

export type PreparedFlowSnake = z.infer<typeof preparedFlow>;
