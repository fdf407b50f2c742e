// get_policy's `budget` section (PREFLOW_BUDGET): what the owner granted the agent, and what the chain says is left
// of it (@preflow/budget's getAgentBudget: 1 request). When the read fails the grant is still shown; what was spent
// and what is left are null (unknown, not zero) and `error` says why.
import { z } from "zod/v4";
import { address } from "../schemas/common.js";
import type { ToolCall, ToolRuntime } from "./context.js";

const nullableString = (description: string) => z.string().nullable().describe(description);

/** The schema of get_policy's `budget` section. @internal */
export const budgetPolicyView = z.strictObject({
  file: z.string().describe("PREFLOW_BUDGET."),
  owner: address("Whose tokens the budget moves (the flows' from)."),
  agent: address("This server's signer: the only key that may redeem the budget; it pays the gas."),
  delegation_hash: z
    .string()
    .describe("The delegation's id on chain (DelegationManager's getDelegationHash)."),
  recipients: z
    .array(address("Allowed recipient."))
    .nullable()
    .describe("The only addresses it may pay; null: any."),
  valid_until: nullableString("Unix seconds after which the budget is void; null: no expiry."),
  grant: z.string().describe("The grant in words, as the owner read it before signing."),
  tokens: z.array(
    z.strictObject({
      token: z.string(),
      address: address("The token contract (for CELO its ERC-20 GoldToken)."),
      limit: z.string().describe("The cap per period, human units."),
      period_seconds: z.string(),
      spent: nullableString("Spent this period, from the chain; null: unknown (the read failed)."),
      remaining: nullableString("Left this period, from the chain; null: unknown (the read failed)."),
      period_end: nullableString("Unix seconds when the cap renews; null: unknown."),
    }),
  ),
  chain: z
    .strictObject({
      read: z.boolean().describe("Whether the budget's state could be read from the chain for this answer."),
      block_number: nullableString("The block read."),
      chain_time: nullableString("Its unix time."),
      revoked: z.boolean().nullable().describe("The owner disabled the delegation on chain."),
      expired: z.boolean().nullable(),
      owner_ready: z
        .boolean()
        .nullable()
        .describe("The owner's EOA still delegates (EIP-7702) to the framework's EIP7702StatelessDeleGator."),
      active: z
        .boolean()
        .nullable()
        .describe("Not revoked, not expired, owner ready: sends within it can work."),
      error: z
        .strictObject({ code: z.string(), message: z.string() })
        .nullable()
        .describe("Why the read failed (RPC_ERROR, BUDGET_READ_FAILED...)."),
    })
    .describe("What the chain says, read once for this answer."),
});

/** get_policy's `budget` section (camelCase: the result is turned to snake_case), or null without a budget. @internal */
export async function readBudgetPolicyView(runtime: ToolRuntime, call: Pick<ToolCall, "signal">) {
  const loaded = runtime.budget;
  if (loaded === undefined) return null;
  const { budget, actions } = loaded;
  let state: Awaited<ReturnType<typeof actions.getAgentBudget>> | undefined;
  let error: { code: string; message: string } | null = null;
  try {
    state = await actions.getAgentBudget(runtime.sdk, { budget, signal: call.signal });
  } catch (cause) {
    const failure = cause as { code?: unknown; message?: unknown };
    error = {
      code: typeof failure.code === "string" ? failure.code : "RPC_ERROR",
      message: typeof failure.message === "string" ? failure.message.slice(0, 500) : String(cause),
    };
  }
  return {
    file: loaded.file,
    owner: budget.owner,
    agent: budget.agent,
    delegationHash: budget.delegationHash,
    recipients: budget.recipients,
    validUntil: budget.validUntil,
    grant: actions.describeAgentBudget(budget),
    tokens: budget.limits.map((limit, index) => {
      const token = state?.tokens[index];
      return {
        token: limit.token,
        address: limit.address,
        limit: limit.amount,
        periodSeconds: limit.periodSeconds,
        spent: token?.spent ?? null,
        remaining: token?.remaining ?? null,
        periodEnd: token?.periodEnd ?? null,
      };
    }),
    chain: {
      read: state !== undefined,
      blockNumber: state?.blockNumber ?? null,
      chainTime: state?.chainTime ?? null,
      revoked: state?.revoked ?? null,
      expired: state?.expired ?? null,
      ownerReady: state?.ownerReady ?? null,
      active: state?.active ?? null,
      error,
    },
  };
}
