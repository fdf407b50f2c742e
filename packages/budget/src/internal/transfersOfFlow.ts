// What a covered flow moves, read from the flow and the budget alone (no chain state): the part of the coverage
// check that needs no read, so that a flow the budget cannot cover is refused before any request, and the
// redemption can be prepared in the same JSON-RPC batch as the budget's state read. @internal
import { formatAmount, type SerializedPreparedFlow } from "@preflow/core";
import { type Address, decodeFunctionData, erc20Abi, getAddress, type Hex, slice } from "viem";
import type { AgentBudget, BudgetLimit, BudgetTransfer } from "../types.js";
import { refuseBudget } from "./refuseBudget.js";

const TRANSFER = "0xa9059cbb";

/**
 * The transfers `flow` makes, each checked against the budget alone: the flow is from the owner, every step a
 * plain transfer (ERC-20 `transfer`, or a native CELO payment) of a budgeted token, to an allowed recipient.
 * Refuses with `BUDGET_FLOW_NOT_COVERED` or `BUDGET_RECIPIENT_NOT_ALLOWED`. No I/O. @internal
 */
export function transfersOfFlow(budget: AgentBudget, flow: SerializedPreparedFlow): BudgetTransfer[] {
  if (getAddress(flow.from) !== budget.owner)
    refuseBudget(
      "BUDGET_FLOW_NOT_COVERED",
      budget,
      `The flow is from ${flow.from}, not from the budget's owner ${budget.owner}.`,
    );
  const byAddress = new Map<string, BudgetLimit>(budget.limits.map((l) => [l.address.toLowerCase(), l]));
  const celo = budget.limits.find((l) => l.token === "CELO");
  return flow.steps.map((step, index): BudgetTransfer => {
    let limit: BudgetLimit | undefined;
    let to: Address;
    let amount: bigint;
    if (step.data === "0x" && BigInt(step.value) > 0n) {
      limit = celo;
      to = getAddress(step.to);
      amount = BigInt(step.value);
      if (!limit)
        refuseBudget(
          "BUDGET_FLOW_NOT_COVERED",
          budget,
          `Step ${index} pays CELO, which the budget does not include.`,
          { step: index },
        );
    } else {
      limit = byAddress.get(step.to.toLowerCase());
      const data = step.data as Hex;
      if (!limit || BigInt(step.value) !== 0n || data.length < 2 + 68 * 2 || !data.startsWith(TRANSFER))
        refuseBudget(
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
      refuseBudget(
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
}
