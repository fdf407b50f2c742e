import { formatAmount, parsePreparedFlow, type SerializedPreparedFlow } from "@preflow/core";
import { type Address, decodeFunctionData, erc20Abi, getAddress, type Hex, slice } from "viem";
import { BudgetError } from "../errors/BudgetError.js";
import type { AgentBudget, BudgetLimit } from "../types.js";
import { describeAgentBudget } from "./describeAgentBudget.js";
import type { GetAgentBudgetReturnType } from "./getAgentBudget.js";

const TRANSFER = "0xa9059cbb";

/**
 * One transfer of the owner's tokens a covered flow makes.
 *
 * @example
 * ```ts
 * import type { BudgetTransfer } from "@preflow/budget";
 * const words = (t: BudgetTransfer) => `${t.amount} ${t.token} to ${t.to}`;
 * ```
 */
export interface BudgetTransfer {
  /** The flow step it comes from. */
  step: number;
  token: string;
  tokenAddress: Address;
  to: Address;
  /** Human decimal. */
  amount: string;
  baseUnits: string;
}

/**
 * Parameters of {@link checkBudgetCoverage}.
 *
 * @example
 * ```ts
 * import type { CheckBudgetCoverageParameters } from "@preflow/budget";
 * const parameters: CheckBudgetCoverageParameters = { state: await getAgentBudget(client, { budget }), flow };
 * ```
 */
export interface CheckBudgetCoverageParameters {
  /** The budget's state ({@link getAgentBudget}), the budget inside it. */
  state: GetAgentBudgetReturnType;
  /** The prepared flow (object or untrusted JSON), `from` the owner. */
  flow: unknown;
}

function refuse(
  code: ConstructorParameters<typeof BudgetError>[0]["code"],
  budget: AgentBudget,
  message: string,
  details: Record<string, unknown> = {},
): never {
  const allows = describeAgentBudget(budget);
  throw new BudgetError({ code, message: `${message}\n${allows}`, details: { ...details, allows } });
}

/**
 * Checks, before anything is signed, that a budget covers a prepared flow: every step a plain transfer (ERC-20
 * `transfer`, or a native CELO payment, which runs as CELO's ERC-20 transfer) of a budgeted token from the owner,
 * to an allowed recipient, within what is left this period (summed per token), the budget neither revoked nor
 * expired. Returns the transfers. Pure: the state comes from {@link getAgentBudget}. A refusal's message and
 * `details.allows` say what the grant allows.
 *
 * @throws `BudgetError` `BUDGET_FLOW_NOT_COVERED`, `BUDGET_RECIPIENT_NOT_ALLOWED`, `BUDGET_EXCEEDED`,
 * `BUDGET_REVOKED`, `BUDGET_EXPIRED`, `BUDGET_OWNER_NOT_READY`; `InvalidPreparedFlowError` for a malformed flow.
 *
 * @example
 * ```ts
 * import { checkBudgetCoverage, getAgentBudget } from "@preflow/budget";
 * const transfers = checkBudgetCoverage({ state: await getAgentBudget(client, { budget }), flow });
 * ```
 */
export function checkBudgetCoverage(parameters: CheckBudgetCoverageParameters): BudgetTransfer[] {
  const { state } = parameters;
  const budget = state.budget;
  const flow: SerializedPreparedFlow = parsePreparedFlow(parameters.flow);
  if (state.revoked) refuse("BUDGET_REVOKED", budget, "The owner revoked this budget on chain.");
  if (state.expired)
    refuse(
      "BUDGET_EXPIRED",
      budget,
      `This budget expired at unix ${budget.validUntil} (chain time ${state.chainTime}).`,
    );
  if (!state.ownerReady)
    refuse(
      "BUDGET_OWNER_NOT_READY",
      budget,
      `The owner's EOA ${budget.owner} no longer delegates to the framework's EIP7702StatelessDeleGator.`,
    );
  if (getAddress(flow.from) !== budget.owner)
    refuse(
      "BUDGET_FLOW_NOT_COVERED",
      budget,
      `The flow is from ${flow.from}, not from the budget's owner ${budget.owner}.`,
    );
  const byAddress = new Map<string, BudgetLimit>(budget.limits.map((l) => [l.address.toLowerCase(), l]));
  const celo = budget.limits.find((l) => l.token === "CELO");
  const transfers = flow.steps.map((step, index): BudgetTransfer => {
    let limit: BudgetLimit | undefined;
    let to: Address;
    let amount: bigint;
    if (step.data === "0x" && BigInt(step.value) > 0n) {
      limit = celo;
      to = getAddress(step.to);
      amount = BigInt(step.value);
      if (!limit)
        refuse(
          "BUDGET_FLOW_NOT_COVERED",
          budget,
          `Step ${index} pays CELO, which the budget does not include.`,
          { step: index },
        );
    } else {
      limit = byAddress.get(step.to.toLowerCase());
      const data = step.data as Hex;
      if (!limit || BigInt(step.value) !== 0n || data.length < 2 + 68 * 2 || !data.startsWith(TRANSFER))
        refuse(
          "BUDGET_FLOW_NOT_COVERED",
          budget,
          `Step ${index} (${step.description}) is not a transfer of a budgeted token.`,
          { step: index },
        );
      const { args } = decodeFunctionData({ abi: erc20Abi, data: slice(data, 0, 68) });
      to = getAddress(args[0] as Address);
      amount = args[1] as bigint;
    }
    if (budget.recipients && !budget.recipients.includes(to))
      refuse(
        "BUDGET_RECIPIENT_NOT_ALLOWED",
        budget,
        `Step ${index} pays ${to}, which the budget does not allow.`,
        { step: index, to },
      );
    return {
      step: index,
      token: limit!.token,
      tokenAddress: limit!.address,
      to,
      amount: formatAmount(amount, limit!.decimals),
      baseUnits: amount.toString(),
    };
  });
  for (const token of state.tokens) {
    const total = transfers
      .filter((t) => t.tokenAddress === token.address)
      .reduce((sum, t) => sum + BigInt(t.baseUnits), 0n);
    if (total > BigInt(token.remainingBaseUnits))
      refuse(
        "BUDGET_EXCEEDED",
        budget,
        `The flow moves ${formatAmount(total, token.decimals)} ${token.token}; ${token.remaining} of ${token.limit} is left until unix ${token.periodEnd}.`,
        {
          token: token.token,
          requested: formatAmount(total, token.decimals),
          remaining: token.remaining,
          periodEnd: token.periodEnd,
        },
      );
  }
  return transfers;
}
