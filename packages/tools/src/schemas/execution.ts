import { z } from "zod/v4";
import { address, hash, MAX, text, uint } from "./common.js";

export const FLOW_ID_PATTERN = /^[0-9a-f]{64}$/;
export const flowId = (description: string) =>
  z
    .string()
    .max(MAX.flowId)
    .regex(FLOW_ID_PATTERN, "must be 64 lowercase hex digits (a flow_id)")
    .describe(description);

/** One step of an execution, as executing tools and get_flow_status report it. */
export const executedStep = z.strictObject({
  index: z.number().int(),
  description: z.string(),
  to: address("The called address."),
  hash: hash("The transaction, once sent.").nullable(),
  status: z
    .enum(["success", "reverted", "failed", "pending", "skipped", "queued"])
    .describe(
      "success: mined (or simulated) fine; reverted: mined with status 0; failed: not sent; pending: sent or being sent, outcome not known yet; skipped: not attempted; queued: not attempted yet, the execution goes on.",
    ),
  sent: z
    .union([z.boolean(), z.literal("unknown")])
    .describe(
      'Whether the step was sent: true (the node acknowledged it or the chain shows it), false (certainly not sent), or "unknown" (signed, hash known, but neither confirmed yet: the answer to its send was lost; it may still be mined).',
    )
    .optional(),
  code: z
    .string()
    .max(64)
    .regex(/^[A-Z_]+$/)
    .describe(
      "Why the step ended as it did: TRANSACTION_PENDING, TRANSACTION_REJECTED, TRANSACTION_REVERTED, NOT_ATTEMPTED...",
    )
    .optional(),
  nonce: z.number().int().optional(),
  block_number: uint("Block of the receipt.").optional(),
  gas_used: uint("Gas used (or simulated).").optional(),
  fee_paid: z
    .strictObject({
      fee_currency: address("The fee currency the step paid gas in (the adapter for USDC and USD₮)."),
      amount: uint("What the step paid for gas, in the paying token's base units (from its receipt)."),
    })
    .describe("Present when the step paid gas in a fee currency (CIP-64) instead of CELO.")
    .optional(),
  error: z.string().optional(),
});

/** The result of execute_prepared_flow, send_token and get_flow_status. */
export const executionResult = z.strictObject({
  flow_id: flowId("The flow's identity (hash of chain, from and steps): pass it to get_flow_status."),
  status: z
    .enum(["success", "failed", "pending", "cancelled"])
    .describe(
      "pending: still running when the answer was due (see get_flow_status); cancelled: stopped by the client before its last step.",
    ),
  dry_run: z.boolean(),
  replayed: z
    .boolean()
    .describe(
      "true: this flow was already executed; this is the earlier execution (force: true sends again). A flow whose sent steps all succeeded and whose next steps were never sent is continued instead (replayed: false).",
    ),
  interrupted: z
    .literal(true)
    .describe(
      "Present (true) when the tool server restarted while this execution was queued or running: its sent steps are read from the chain by hash (pending while there is no receipt yet), its steps never signed are skipped (not sent).",
    )
    .optional(),
  chain_id: z.literal(42220),
  from: address("The signer."),
  summary: text(MAX.summary, "The flow's summary."),
  completed_steps: z.number().int(),
  failed_step: z.number().int().nullable(),
  steps: z.array(executedStep),
  simulation: z.enum(["sequential", "independent"]).optional(),
  started_at: z.string().describe("ISO time the execution started."),
  finished_at: z.string().nullable().describe("ISO time it ended; null while pending."),
});
