import {
  type ExecutePreparedFlowReturnType,
  type ExecutionStepEvent,
  executePreparedFlow,
  InvalidPreparedFlowError,
} from "@preflow/core";
import { z } from "zod";
import type { ToolReply } from "../server/toolResult.js";
import { defineTool, requireSigner, type ToolContext, type ToolExtra } from "./context.js";

const EXECUTE = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;
const dryRun = z
  .boolean()
  .optional()
  .describe("true: simulate every step in order without signing or sending anything (default false).");

async function run(
  context: ToolContext,
  extra: ToolExtra,
  tool: string,
  flow: unknown,
  dry: boolean,
): Promise<ToolReply> {
  const account = requireSigner(context, tool);
  const progressToken = extra._meta?.progressToken;
  const onStep = async (event: ExecutionStepEvent): Promise<void> => {
    const line =
      event.phase !== "done"
        ? `step ${event.index + 1}/${event.total} ${event.phase}: ${event.hash}`
        : `step ${event.index + 1}/${event.total} ${dry ? "simulated" : event.step.status}${event.step.error ? `: ${event.step.error}` : ""}`;
    context.log(`${tool}: ${line}`);
    // Progress must increase: a step's hash is logged when signed, and notified when sent.
    if (progressToken === undefined || event.phase === "signed") return;
    await extra.sendNotification({
      method: "notifications/progress",
      params: {
        progressToken,
        progress: event.phase === "done" ? event.index + 1 : event.index + 0.5,
        total: event.total,
        message: line,
      },
    });
  };
  const result = await executePreparedFlow(context.sdk.publicClient, {
    account,
    flow,
    dryRun: dry,
    onStep,
    receiptTimeoutMs: context.receiptTimeoutMs,
  });
  return { data: result, ...outcome(result) };
}

function outcome(result: ExecutePreparedFlowReturnType): { isError?: boolean; headline: string } {
  const total = result.steps.length;
  const verb = result.dryRun ? "simulated" : "executed";
  if (result.status === "success") return { headline: `All ${total} step(s) ${verb} successfully.` };
  const failed = result.steps[result.failedStep ?? 0];
  const notSent = total - (result.failedStep ?? 0) - 1;
  return {
    isError: true,
    headline:
      `${result.dryRun ? "Simulation" : "Execution"} stopped at step ${result.failedStep} (${failed?.status}${failed?.error ? `: ${failed.error}` : ""}). ` +
      `${result.completedSteps} step(s) before it succeeded; ${notSent} later step(s) ${result.dryRun ? "not simulated" : "not sent"}.`,
  };
}

/** `execute_prepared_flow`: send (or simulate) a prepared flow with the signer. @internal */
export const executePreparedFlowTool = defineTool({
  name: "execute_prepared_flow",
  title: "Execute a prepared flow",
  description:
    "Signs and sends the steps of a prepared flow (from a prepare_* tool) in order with this server's signer (CHAIN_PRIVATE_KEY), waiting for each receipt and stopping at the first failure. The flow's `from` must be the signer. Returns the overall status and per step { index, hash, status } (success, reverted, failed = not sent, pending = no receipt yet, skipped = not attempted). Use dry_run: true to simulate without sending. Reports progress per step when a progress token is given.",
  inputSchema: {
    flow: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .describe("The prepared flow exactly as a prepare_* tool returned it (an object, or its JSON text)."),
    dry_run: dryRun,
  },
  annotations: EXECUTE,
  async run(args, context, extra) {
    let flow: unknown = args.flow;
    if (typeof flow === "string") {
      try {
        flow = JSON.parse(flow);
      } catch {
        throw new InvalidPreparedFlowError({ path: "(root)", rule: "not valid JSON text" });
      }
    }
    return run(context, extra, "execute_prepared_flow", flow, args.dry_run ?? false);
  },
});

/** `send_token`: prepare and execute a transfer from the signer. @internal */
export const sendTokenTool = defineTool({
  name: "send_token",
  title: "Send a token",
  description:
    "Sends `amount` (human decimal string, e.g. \"2.5\") of `token` from this server's signer to `to`: prepare_send then execute_prepared_flow in one call, with the configured attribution tags. Returns the prepared flow's summary and per step { index, hash, status }. dry_run: true simulates only.",
  inputSchema: {
    to: z.string().describe("The recipient: a 0x-prefixed 20-byte address."),
    token: z
      .string()
      .describe(
        'A token of the registry: symbol ("USDm", "CELO", "USDC"...), former ticker ("cUSD") or its address.',
      ),
    amount: z.string().describe('Human decimal amount in token units, e.g. "2.5".'),
    dry_run: dryRun,
  },
  annotations: EXECUTE,
  async run(args, context, extra) {
    const account = requireSigner(context, "send_token");
    const flow = await context.sdk.transaction.prepareSend(account.address, args.to, args.token, args.amount);
    return run(context, extra, "send_token", flow, args.dry_run ?? false);
  },
});
