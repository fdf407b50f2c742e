import { z } from "zod/v4";
import { approvalWaitMs } from "../approval/approvalWaitMs.js";
import { readPasskey } from "../approval/passkey/passkeyFile.js";
import { FlowNotFoundError } from "../errors/execution.js";
import { InvalidInputError } from "../errors/input.js";
import { StoreUnavailableError } from "../errors/store.js";
import { parseToolArguments } from "../input/parseToolArguments.js";
import { toCamelCase } from "../schemas/caseKeys.js";
import { address, amount, feeCurrency, MAX, token } from "../schemas/common.js";
import { executionResult, flowId } from "../schemas/execution.js";
import { type PreparedFlowSnake, preparedFlow } from "../schemas/flow.js";
import { defaultStateDir } from "../state/defaultStateDir.js";
import { budgetPolicyView, readBudgetPolicyView } from "./budgetPolicyView.js";
import {
  defineTool,
  feeOptions,
  READ_ONLY,
  requireSigner,
  type ToolCall,
  type ToolContext,
} from "./context.js";
import { readX402PolicyView, x402PolicyView } from "./x402PolicyView.js";

const EXECUTE = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;
const dryRun = z
  .boolean()
  .optional()
  .describe(
    "true: simulate every step in order on one state (as simulate_flow does) without signing or sending anything (default false). Needs no signer.",
  );
const force = z
  .boolean()
  .optional()
  .describe(
    "true: send every step again even if this exact flow (same chain, from and steps) was executed before (default false: the earlier result is returned and nothing is sent, except that a flow whose sent steps all succeeded and whose next steps were never sent is continued: only those next steps are sent).",
  );

/** The flow back in the SDK's shape (camelCase) for core's parsePreparedFlow. @internal */
export function toSdkFlow(flow: PreparedFlowSnake): Record<string, unknown> {
  return {
    preparedFlow: flow.prepared_flow,
    chainId: flow.chain_id,
    from: flow.from,
    summary: flow.summary,
    steps: flow.steps.map((step) => ({
      kind: step.kind,
      to: step.to,
      data: step.data,
      value: step.value,
      description: step.description,
      ...(step.call === undefined
        ? {}
        : {
            call: {
              contract: step.call.contract,
              functionName: step.call.function_name,
              args: step.call.args,
            },
          }),
      ...(step.fee_currency === undefined ? {} : { feeCurrency: step.fee_currency }),
    })),
    ...(flow.intent === undefined ? {} : { intent: toCamelCase(flow.intent) }),
    ...(flow.prepared_at === undefined ? {} : { preparedAt: { blockNumber: flow.prepared_at.block_number } }),
    ...(flow.expires_at === undefined ? {} : { expiresAt: flow.expires_at }),
    ...(flow.fee === undefined
      ? {}
      : {
          fee: {
            currency: flow.fee.currency,
            feeCurrency: flow.fee.fee_currency,
            gas: flow.fee.gas,
            maxFeePerGas: flow.fee.max_fee_per_gas,
            maxPriorityFeePerGas: flow.fee.max_priority_fee_per_gas,
            estimated: flow.fee.estimated,
            max: flow.fee.max,
          },
        }),
  };
}

/**
 * A `flow` argument (an object, or its JSON text, checked like one) as the tools' flow shape. Text that is not
 * JSON is refused as such, with where the parser stopped. @internal
 */
export function flowArgument(tool: string, flow: PreparedFlowSnake | string): PreparedFlowSnake {
  if (typeof flow !== "string") return flow;
  let json: unknown;
  try {
    json = JSON.parse(flow);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidInputError({
      tool,
      path: "flow",
      value: flow,
      rule: `is text but not valid JSON (${reason.length > 160 ? `${reason.slice(0, 157)}...` : reason}); pass the prepared flow as the object a prepare_* tool returned, or as its exact JSON text`,
    });
  }
  return parseToolArguments(tool, z.strictObject({ flow: preparedFlow }), { flow: json }).flow;
}

const execution = () => import("../execution/executeFlow.js");

/** `execute_prepared_flow`: send (or simulate) a prepared flow with the signer. @internal */
export const executePreparedFlowTool = defineTool({
  name: "execute_prepared_flow",
  title: "Execute a prepared flow",
  family: "execute",
  action: "executePreparedFlow",
  description:
    "Signs and sends the steps of a prepared flow (from a prepare_* tool) in order with this server's signer (CHAIN_PRIVATE_KEY), waiting for each receipt and stopping at the first failure. The flow's `from` must be the signer; with an agent budget (PREFLOW_BUDGET) it must be the budget's owner and the flow is sent as ONE redeemDelegations transaction of the agent (the owner's tokens move, the agent pays gas), refused before signing with BUDGET_EXCEEDED, BUDGET_RECIPIENT_NOT_ALLOWED, BUDGET_EXPIRED, BUDGET_REVOKED or BUDGET_FLOW_NOT_COVERED (only transfers of budgeted tokens to allowed recipients are covered). The same flow is sent once, also across restarts of this server: executing it again returns the earlier result (`replayed: true`) unless `force: true`; when the earlier execution's sent steps all succeeded and its next steps were never sent (a receipt that came late, a cancellation, a restart), executing it again continues it: the steps on chain are looked up by hash and never sent again, the rest are sent. Checked against the spending policy before signing (POLICY_VIOLATION, nothing sent). Above the policy's approval threshold a person must first approve this exact flow through the MCP client (elicitation; the refusals APPROVAL_REQUIRED, APPROVAL_DECLINED, APPROVAL_EXPIRED, APPROVAL_CODE_MISMATCH... send nothing; never answer the question for the person). Executions of one signer run one after another. Answers within the server's bound: an execution still running then answers `pending` with the hashes so far; get_flow_status with `flow_id` gives the outcome. Cancelling stops before the next step. Call simulate_flow on the flow first and execute only if it succeeds with the expected balance changes; dry_run: true runs the same simulation here (no signer needed, nothing sent). Progress per step when a progress token is given.",
  input: z.strictObject({
    flow: z
      .union([preparedFlow, z.string().max(MAX.flowJson).describe("The same flow as JSON text.")])
      .describe("The prepared flow exactly as a prepare_* tool returned it (an object, or its JSON text)."),
    dry_run: dryRun,
    force,
    fee_currency: feeCurrency(
      'The currency gas must be paid in (default: the server\'s FEE_CURRENCY): the flow must pay in it (its fee currency and fee caps are fixed when it is prepared), else FEE_CURRENCY_MISMATCH and nothing is sent. "auto" executes the flow paying as it says; "CELO", a token symbol ("USDm", "USDC"...) or a fee-currency address must match.',
    ).optional(),
  }),
  output: executionResult,
  annotations: EXECUTE,
  async run(args, context, call) {
    const flow = flowArgument("execute_prepared_flow", args.flow);
    const { executeFlow } = await execution();
    return executeFlow({
      tool: "execute_prepared_flow",
      context,
      runtime: await context.runtime(),
      call,
      flow: toSdkFlow(flow),
      dryRun: args.dry_run ?? false,
      force: args.force ?? false,
      feeCurrency: args.fee_currency ?? context.feeCurrency,
    });
  },
});

/** `send_token`: prepare and execute a transfer from the signer. @internal */
export const sendTokenTool = defineTool({
  name: "send_token",
  title: "Send a token",
  family: "execute",
  member: "transaction.prepareSend",
  description:
    "Sends `amount` (human decimal string, e.g. \"2.5\") of `token` from this server's signer (with an agent budget, PREFLOW_BUDGET: from the budget's owner, through the agent's redemption of the budget; refused before signing with BUDGET_EXCEEDED, BUDGET_RECIPIENT_NOT_ALLOWED, BUDGET_EXPIRED, BUDGET_REVOKED or BUDGET_FLOW_NOT_COVERED when the budget does not cover it) to `to`: prepare_send then execute_prepared_flow in one call, with the configured attribution tags, the spending policy (and its human approval above a threshold), the signer's queue and the answer bound. The same transfer (same to, token and amount) is sent once unless `force: true`. `fee_currency` (default: the server's FEE_CURRENCY) says who pays gas: with a token, the transaction is CIP-64 (type 0x7b) and each step reports fee_paid; the spending policy counts that fee against the token's caps. Returns the flow_id and per step { index, hash, status }. dry_run: true simulates only (the same whole-flow simulation as simulate_flow).",
  input: z.strictObject({
    to: address("The recipient: a 0x-prefixed 20-byte address."),
    token: token(),
    amount: amount('Human decimal amount in token units, e.g. "2.5".'),
    dry_run: dryRun,
    force,
    fee_currency: feeCurrency().optional(),
  }),
  output: executionResult,
  annotations: EXECUTE,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const account = requireSigner(runtime, "send_token");
    // With an agent budget the owner's tokens are sent (through the agent's redemption of the budget).
    const flow = await runtime.sdk.transaction.prepareSend(
      runtime.budget?.owner ?? account.address,
      args.to,
      args.token,
      args.amount,
      feeOptions(args.fee_currency),
    );
    const { executeFlow } = await execution();
    return executeFlow({
      tool: "send_token",
      context,
      runtime,
      call,
      flow,
      dryRun: args.dry_run ?? false,
      force: args.force ?? false,
    });
  },
});

/** `get_flow_status`: how an execution ended (or where it is). @internal */
export const getFlowStatusTool = defineTool({
  name: "get_flow_status",
  title: "Flow status",
  family: "execute",
  description:
    "Reports an execution by its `flow_id` (from execute_prepared_flow or send_token): `pending` while it runs, then success, failed or cancelled, with every step's hash and status. The signer's last 1,000 executions are remembered across restarts; each read settles a pending step from the chain by its hash (success or reverted once mined; `pending` while there is no receipt). One that a restart interrupted comes back with `interrupted: true`. Sent means the node acknowledged the step or the chain shows it; sent unknown: the answer to its send was lost. When the sent steps all succeeded and the next were never sent, execute the flow again to continue it.",
  input: z.strictObject({ flow_id: flowId("The flow_id an executing tool returned.") }),
  output: executionResult,
  annotations: { ...READ_ONLY, idempotentHint: false },
  async run(args, context: ToolContext, call: ToolCall) {
    const runtime = await context.runtime();
    const { findExecution } = await import("../execution/rememberedExecution.js");
    const record = await findExecution({
      context,
      runtime,
      flowId: args.flow_id,
      deadline: call.deadline,
      resolve: true,
      readOnly: true,
    });
    if (!record) throw new FlowNotFoundError({ flowId: args.flow_id });
    const { continueFrom, resendable, snapshot } = await import("../execution/executionRegistry.js");
    const { executionHeadline } = await import("../execution/executionHeadline.js");
    const data = snapshot(record, false);
    const canResend = resendable(record.steps[continueFrom(record) ?? -1]);
    // The status itself was read fine: the headline says what happened, without marking the call an error.
    return { data, headline: executionHeadline(data, undefined, canResend).headline };
  },
});

const capView = z.strictObject({
  token: z.string().describe("The key as written in the policy file."),
  symbol: z.string(),
  address: address("The token."),
  per_call: z.string().nullable().describe("Cap per call, human units; null: none."),
  per_day: z.string().nullable().describe("Cap per rolling 24 h, human units; null: none."),
  spent_24h: z
    .string()
    .nullable()
    .describe("Spent by the signer in the last 24 h, human units; null: unknown, the store cannot be read."),
  remaining_24h: z
    .string()
    .nullable()
    .describe("What the per-day cap still allows; null without one, or when what was spent is unknown."),
});

const approvalView = z.strictObject({
  above: z.array(
    z.strictObject({
      token: z.string().describe("The key as written in the policy file."),
      symbol: z.string(),
      address: address("The token."),
      above: z
        .string()
        .describe("A flow spending more than this (amount plus fee, human units) needs a person's approval."),
    }),
  ),
  mode: z
    .enum(["form", "url"])
    .describe("form: the client asks for a code; url: the client opens a one-time page on 127.0.0.1."),
  timeout_seconds: z.number().int().describe("How long a person is given, as written in the policy."),
  effective_timeout_seconds: z
    .number()
    .int()
    .describe(
      "What this server can wait within its answer bound (PREFLOW_TOOL_TIMEOUT_MS), at most timeout_seconds.",
    ),
  link_seconds: z
    .number()
    .int()
    .describe(
      "How long a one-time approval link (APPROVAL_REQUIRED's approval_url, when a passkey is enrolled) stays open: the policy's linkSeconds, 600 when not set.",
    ),
  passkey: z
    .enum(["enrolled", "none", "unreadable"])
    .describe(
      "A passkey in the state directory (`preflow-tools enroll-passkey`). enrolled: every approval is the person's passkey on the loopback page (through the client's URL mode, else a one-time link); none: approvals are asked in `mode`; unreadable: the passkey file is damaged, and approvals are refused (INVALID_CONFIG) until it is enrolled again with --replace.",
    ),
});

/** Whether a passkey is enrolled in `stateDir`, for get_policy (which answers even when the file is damaged). */
function passkeyState(stateDir: string): "enrolled" | "none" | "unreadable" {
  try {
    return readPasskey(stateDir) === undefined ? "none" : "enrolled";
  } catch {
    return "unreadable";
  }
}

/** `get_policy`: the spending policy and what remains of it. @internal */
export const getPolicyTool = defineTool({
  name: "get_policy",
  title: "Spending policy",
  family: "execute",
  description:
    "Shows the spending policy executing tools are checked against before signing (PREFLOW_POLICY): per-token caps per call and per rolling 24 h with what was spent and what remains, the allowlists of recipients, spenders and contracts (null: any), whether unlimited approvals are allowed, above which spends a person must approve a flow or an x402 payment (`approval`: the thresholds, the mode and the time given), and x402_fetch's allow-lists with the signer's x402 payments of the last 24 hours (`x402`, from the store). `configured: false`: no policy, no limits. With an agent budget (PREFLOW_BUDGET), `budget` shows the grant (owner, agent, recipients, expiry, per token the cap per period) and what the chain says is spent and left this period (one request; null when that read fails); the local policy applies on top of it. When the store cannot be read it still answers: `store.available: false` with the error naming the file or database, and what was spent (`spent_24h`, `remaining_24h`, `x402.payments`) is null, unknown, not zero; executing tools refuse meanwhile (STORE_UNAVAILABLE). No request, except one to read the budget's state when there is a budget.",
  input: z.strictObject({}),
  output: z.strictObject({
    configured: z.boolean(),
    file: z.string().nullable(),
    caps: z.array(capView),
    allow: z.strictObject({
      recipients: z.array(address("Allowed recipient.")).nullable(),
      spenders: z.array(address("Allowed spender.")).nullable(),
      contracts: z.array(address("Allowed contract.")).nullable(),
    }),
    allow_unlimited_approvals: z.boolean(),
    approval: approvalView
      .nullable()
      .describe("Above which spends a person approves a flow before it is signed; null: never asked."),
    x402: x402PolicyView.describe(
      "x402_fetch's allow-lists and the signer's recent x402 payments (from the store: they survive restarts).",
    ),
    budget: budgetPolicyView
      .nullable()
      .describe(
        "The agent budget the server acts within (PREFLOW_BUDGET): the on-chain limits a leaked agent key cannot pass; null: none.",
      ),
    store: z
      .strictObject({
        available: z
          .boolean()
          .describe(
            "false: the store (what was spent, the x402 payments) cannot be read: those figures are null, unknown, and executing tools refuse with `error` until it is fixed. true: read, or not needed (no signer).",
          ),
        error: z
          .strictObject({
            code: z.string().describe("STORE_UNAVAILABLE"),
            message: z.string().describe("Names the file or database, the reason and what to do."),
          })
          .nullable(),
      })
      .describe("Whether the tool server's store could be read for this answer."),
  }),
  annotations: { ...READ_ONLY, openWorldHint: false },
  async run(_args, context, call) {
    const runtime = await context.runtime();
    const { policy, core } = runtime;
    // A read keeps working when the store cannot be read: what it holds is shown as unknown (null), never as 0.
    let storeError: StoreUnavailableError | undefined;
    const fromStore = async <T>(read: () => Promise<T>): Promise<T | null> => {
      try {
        return await read();
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) throw error;
        storeError ??= error;
        return null;
      }
    };
    const [x402, budget] = await Promise.all([
      readX402PolicyView(context, runtime, fromStore),
      readBudgetPolicyView(runtime, call),
    ]);
    const ledger = policy?.ledger;
    const spentToday =
      ledger && policy ? await fromStore(() => ledger.spent(policy.caps.keys())) : new Map<string, bigint>();
    const store = {
      available: storeError === undefined,
      error: storeError === undefined ? null : { code: storeError.code, message: storeError.message },
    };
    const headline =
      storeError === undefined
        ? undefined
        : `The policy is shown, but what was spent in the last 24 h and the x402 payments are unknown (null, not zero): the store cannot be read, and executing tools refuse until it is fixed. ${storeError.message}`;
    if (!policy) {
      return {
        data: {
          configured: false,
          file: null,
          caps: [],
          allow: { recipients: null, spenders: null, contracts: null },
          allowUnlimitedApprovals: true,
          approval: null,
          x402,
          budget,
          store,
        },
        ...(headline === undefined ? {} : { headline }),
      };
    }
    const format = (value: bigint, decimals: number) => core.formatAmount(value, decimals);
    return {
      data: {
        configured: true,
        file: policy.file,
        caps: [...policy.caps.values()].map((cap) => {
          // Spent is read from the store (shared by the signer's servers); null when it cannot be read.
          const spent = spentToday === null ? null : (spentToday.get(cap.address) ?? 0n);
          return {
            token: cap.key,
            symbol: cap.symbol,
            address: core.TOKENS[cap.symbol as keyof typeof core.TOKENS]?.address ?? cap.address,
            per_call: cap.perCall === undefined ? null : format(cap.perCall, cap.decimals),
            per_day: cap.perDay === undefined ? null : format(cap.perDay, cap.decimals),
            spent_24h: spent === null ? null : format(spent, cap.decimals),
            remaining_24h:
              cap.perDay === undefined || spent === null
                ? null
                : format(cap.perDay > spent ? cap.perDay - spent : 0n, cap.decimals),
          };
        }),
        allow: {
          recipients: policy.allow.recipients ?? null,
          spenders: policy.allow.spenders ?? null,
          contracts: policy.allow.contracts ?? null,
        },
        allowUnlimitedApprovals: policy.allowUnlimitedApprovals,
        approval:
          policy.approval === undefined
            ? null
            : {
                above: [...policy.approval.above.values()].map((entry) => ({
                  token: entry.key,
                  symbol: entry.symbol,
                  address: core.TOKENS[entry.symbol as keyof typeof core.TOKENS]?.address ?? entry.address,
                  above: format(entry.above, entry.decimals),
                })),
                mode: policy.approval.mode,
                timeoutSeconds: policy.approval.timeoutSeconds,
                effectiveTimeoutSeconds: Math.floor(
                  approvalWaitMs(policy.approval.timeoutSeconds, call.deadline, context.toolTimeoutMs) /
                    1_000,
                ),
                linkSeconds: policy.approval.linkSeconds,
                passkey: passkeyState(context.stateDir ?? defaultStateDir()),
              },
        x402,
        budget,
        store,
      },
      ...(headline === undefined ? {} : { headline }),
    };
  },
});
