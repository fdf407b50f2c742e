// `approve_flow`: the app-only tool (MCP Apps `_meta.ui.visibility: ["app"]`) the flow view's Approve button calls.
// It executes the flow through the same stages as execute_prepared_flow, presenting the view approval's id and code:
// the approval stage takes it only for this exact flow (its digest), once, before it lapses (approval/viewApprovals.ts).
// With a passkey enrolled it approves nothing by itself: only the passkey on the loopback page does, as for every call.
import { z } from "zod/v4";
import { MAX } from "../schemas/common.js";
import { executionResult } from "../schemas/execution.js";
import { preparedFlow } from "../schemas/flow.js";
import { defineTool } from "./context.js";
import { flowArgument, toSdkFlow } from "./execute.js";

/** `approve_flow`: the flow view's Approve button (app-only). @internal */
export const approveFlowTool = defineTool({
  name: "approve_flow",
  title: "Approve a flow in its view",
  family: "execute",
  description:
    "App-only (MCP Apps): the Approve button of the flow view (ui://preflow/flow) calls it with the flow, the approval id and the code the view shows from APPROVAL_REQUIRED's details.approval; the model must never call it. It sends that exact flow once, through the same policy, queue and store as execute_prepared_flow: the approval is bound to the flow's digest, used once and expiring; any other flow, id or code is refused (APPROVAL_FLOW_CHANGED, APPROVAL_EXPIRED, APPROVAL_CODE_MISMATCH, APPROVAL_REUSED) and nothing is sent. Its standing is elicitation's: a host that ignores the tool's visibility lets the model call it, so without an enrolled passkey it is a convenience, not authentication. With a passkey enrolled it approves nothing by itself: the view opens the passkey approval link instead, and this call goes through only once the person approved there.",
  input: z.strictObject({
    flow: z
      .union([preparedFlow, z.string().max(MAX.flowJson).describe("The same flow as JSON text.")])
      .describe("The flow of APPROVAL_REQUIRED's details.flow, unchanged."),
    approval_id: z
      .string()
      .max(36)
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      .describe("details.approval.id: the approval the view shows."),
    code: z.string().min(1).max(32).describe("details.approval.code: the code the view shows (K7QM-4XPD)."),
  }),
  output: executionResult,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  async run(args, context, call) {
    const flow = flowArgument("approve_flow", args.flow);
    const { executeFlow } = await import("../execution/executeFlow.js");
    return executeFlow({
      tool: "approve_flow",
      context,
      runtime: await context.runtime(),
      call: { ...call, viewApproval: { approvalId: args.approval_id, code: args.code } },
      flow: toSdkFlow(flow),
      dryRun: false,
      force: false,
      feeCurrency: context.feeCurrency,
    });
  },
});
