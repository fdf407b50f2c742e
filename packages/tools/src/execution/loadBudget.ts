// PREFLOW_BUDGET when the server loads: @preflow/budget is imported (lazily: never on the start-up path) and the
// budget parsed with its parseBudget (exact shape, the signed caveats exactly the plain fields); its agent must be
// the server's signer. Either failure stops the server with one line naming PREFLOW_BUDGET (a configuration error).
import type { AgentBudget } from "@preflow/budget";
import type { Address } from "viem";
import type { RawBudget } from "../config/readBudgetFile.js";
import { InvalidToolServerConfigError } from "../errors/config.js";

/** The budget the server acts within: the parsed budget and the package's actions. @internal */
export interface BudgetRuntime {
  /** The file it was read from. */
  readonly file: string;
  readonly budget: AgentBudget;
  /** Whose tokens move (the flows' `from`). */
  readonly owner: Address;
  /** The signer: who redeems the delegation and pays its gas. */
  readonly agent: Address;
  /** `@preflow/budget`, loaded with the runtime. */
  readonly actions: typeof import("@preflow/budget");
}

/** Parses the budget read at start; see the file comment. Throws InvalidToolServerConfigError. @internal */
export async function loadBudget(raw: RawBudget, signer: Address | undefined): Promise<BudgetRuntime> {
  const actions = await import("@preflow/budget");
  let budget: AgentBudget;
  try {
    budget = actions.parseBudget(raw.json);
  } catch (error) {
    throw new InvalidToolServerConfigError({
      variable: "PREFLOW_BUDGET",
      value: raw.file,
      rule: `is not a budget @preflow/budget accepts: ${(error as Error).message}`,
    });
  }
  if (signer !== undefined && signer.toLowerCase() !== budget.agent.toLowerCase()) {
    throw new InvalidToolServerConfigError({
      variable: "PREFLOW_BUDGET",
      value: raw.file,
      rule: `its agent is ${budget.agent}, but the server's signer is ${signer}: the signer must hold the budget's agent key (the owner's key never belongs in the tool server)`,
    });
  }
  return { file: raw.file, budget, owner: budget.owner, agent: budget.agent, actions };
}

/** The budget's agent must be the signer (a keystore's address may be known only once unlocked). @internal */
export function checkBudgetAgent(budget: BudgetRuntime, signer: Address): void {
  if (signer.toLowerCase() !== budget.agent.toLowerCase()) {
    throw new InvalidToolServerConfigError({
      variable: "PREFLOW_BUDGET",
      value: budget.file,
      rule: `its agent is ${budget.agent}, but the server's signer is ${signer}`,
    });
  }
}
