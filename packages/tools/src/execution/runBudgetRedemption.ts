// The second way to send (PREFLOW_BUDGET), behind the same seam as runPreparedFlow.ts and in its shape: the owner's
// flow is sent as ONE `DelegationManager.redeemDelegations` transaction from the agent's key (@preflow/budget's
// prepareBudgetRedemption: tagged, the agent pays gas), so the owner's tokens move only within the delegation's
// caveats. The budget is read again (1 request) and checked before the redemption is prepared and signed, and once
// more just before the signed bytes are broadcast (a revocation or a spend meanwhile stops them: BROADCAST_VETOED,
// nothing sent, the hash known). Every step of the owner's flow is carried by that one transaction: its events and
// its result are reported for each of them (same hash, same outcome), so the stages record, count and settle the
// owner's steps as they do for an EOA execution.
import { executePreparedFlow, type SerializedPreparedFlow } from "@preflow/core";
import type { Chain, Client, LocalAccount, Transport } from "viem";
import type { BudgetRuntime } from "./loadBudget.js";
import type { RunPreparedFlowParameters, RunPreparedFlowReturnType } from "./runPreparedFlow.js";

/** Parameters of {@link runBudgetRedemption}: runPreparedFlow's, with the budget and the client it reads with. @internal */
export interface RunBudgetRedemptionParameters extends RunPreparedFlowParameters {
  budget: BudgetRuntime;
  /** The preflow client (reads of the budget, the redemption's preparation). */
  sdk: import("@preflow/core").SdkBaseClient;
  /**
   * The budget refused the signed redemption just before its broadcast: `refusal` is the typed BudgetError carrying
   * the hash that was never sent (the stages turn it into the attempt's refusal).
   */
  onRefusal?: (refusal: Error) => void;
}

/**
 * Sends the owner's flow as the agent's redemption; see the file comment. Throws only before anything is signed
 * (a BudgetError refusal, the reads' errors); once signed, every later problem is in the result. @internal
 */
export async function runBudgetRedemption(
  client: Client<Transport, Chain | undefined>,
  parameters: RunBudgetRedemptionParameters,
): Promise<RunPreparedFlowReturnType> {
  const { account, flow, signal, receiptTimeoutMs, onStep, beforeBroadcast, resume, budget, sdk, onRefusal } =
    parameters;
  const { actions } = budget;
  const total = flow.steps.length;
  const read = () =>
    actions.getAgentBudget(sdk, { budget: budget.budget, ...(signal === undefined ? {} : { signal }) });
  // Read and checked again holding the signer's queue, just before signing (the check stage's read may be minutes
  // old): the state read and the redemption's preparation are one request.
  const prepared = await actions.prepareBudgetRedemption(sdk, {
    budget: budget.budget,
    flow,
    // The agent pays gas in what the owner's flow was prepared to pay in (CELO when it names none).
    feeCurrency: flow.steps[0]?.feeCurrency ?? "CELO",
    ...(signal === undefined ? {} : { signal }),
  });
  const redemption: SerializedPreparedFlow = prepared.flow;
  const each = async (run: (index: number) => void | Promise<void>) => {
    for (let index = 0; index < total; index++) await run(index);
  };
  const first = resume?.steps[0];
  const result = await executePreparedFlow(client, {
    account: account as LocalAccount,
    flow: redemption,
    ...(signal === undefined ? {} : { signal }),
    ...(receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs }),
    // A resumed budget execution: its one transaction, as the first owner's step recorded it.
    ...(first === undefined
      ? {}
      : { resume: { steps: [{ ...first, index: 0, to: redemption.steps[0]!.to }] } }),
    beforeBroadcast: async (event) => {
      // A revocation, an expiry or a spend since the signing: the signed bytes are dropped, never broadcast.
      try {
        actions.checkBudgetCoverage({ state: await read(), flow });
      } catch (error) {
        if (error instanceof actions.BudgetError) {
          onRefusal?.(
            new actions.BudgetError({
              code: error.code,
              message: `${error.message}\nThe redemption ${event.hash} was signed but never broadcast: nothing was sent.`,
              details: { ...error.details, hash: event.hash, sent: false },
            }),
          );
        }
        throw error;
      }
      await each((index) => beforeBroadcast?.({ ...event, index, total, step: flow.steps[index]! }));
    },
    onStep: async (event) => {
      await each((index) =>
        onStep?.(
          event.phase === "done"
            ? { ...event, index, total, step: { ...event.step, index, to: flow.steps[index]!.to } }
            : { ...event, index, total },
        ),
      );
    },
  });
  const steps = flow.steps.map((step, index) => ({
    ...(result.steps[0] as (typeof result.steps)[number]),
    index,
    to: step.to,
    description: step.description,
  }));
  return {
    ...result,
    from: flow.from,
    summary: flow.summary,
    steps,
    completedSteps: result.completedSteps === 0 ? 0 : total,
    failedStep: result.failedStep === null ? null : 0,
    cancelled: result.aborted,
  };
}
