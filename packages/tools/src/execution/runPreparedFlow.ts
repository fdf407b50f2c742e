// The one seam between the tool server and EOA execution. Today it drives this package's
// executePreparedFlow one step at a time, so that a cancellation stops before the next step; when core's
// executePreparedFlow(client, { account, flow, dryRun, signal, receiptTimeoutMs, onStep }) lands, this
// file becomes a call of it.
import type { SerializedPreparedFlow } from "@preflow/core";
import type { Account, Chain, Client, Transport } from "viem";
import {
  type ExecutedStep,
  type ExecutePreparedFlowReturnType,
  type ExecutionStepEvent,
  executePreparedFlow,
} from "./executePreparedFlow.js";

export type { ExecutedStep, ExecutionStepEvent };

/** Parameters of {@link runPreparedFlow}, in the shape of core's `executePreparedFlow`. @internal */
export interface RunPreparedFlowParameters {
  account: Account;
  flow: SerializedPreparedFlow;
  dryRun?: boolean;
  /** Stops before the next step once aborted; the step in flight finishes (it may already be on chain). */
  signal?: AbortSignal;
  receiptTimeoutMs?: number;
  onStep?: (event: ExecutionStepEvent) => void | Promise<void>;
}

/** What happened; `cancelled` when the signal stopped it before its last step. @internal */
export type RunPreparedFlowReturnType = ExecutePreparedFlowReturnType & { cancelled: boolean };

/**
 * Executes (or dry-runs) a validated flow with an EOA. Throws only when nothing was sent (invalid flow,
 * wrong `from`, wrong chain, first nonce read failed); once a step was sent, every later problem is in the
 * result. @internal
 */
export async function runPreparedFlow(
  client: Client<Transport, Chain | undefined>,
  parameters: RunPreparedFlowParameters,
): Promise<RunPreparedFlowReturnType> {
  const { account, flow, dryRun = false, signal, receiptTimeoutMs, onStep } = parameters;
  if (dryRun) {
    const result = await executePreparedFlow({
      client,
      account,
      flow,
      dryRun: true,
      ...(onStep ? { onStep } : {}),
    });
    return { ...result, cancelled: false };
  }

  const total = flow.steps.length;
  const steps: ExecutedStep[] = flow.steps.map((step, index) => ({
    index,
    description: step.description,
    to: step.to,
    hash: null,
    status: "skipped",
  }));
  let cancelled = false;
  for (const [index, step] of flow.steps.entries()) {
    if (signal?.aborted) {
      cancelled = true;
      break;
    }
    let outcome: ExecutePreparedFlowReturnType;
    try {
      outcome = await executePreparedFlow({
        client,
        account,
        flow: { ...flow, steps: [step] },
        ...(receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs }),
        onStep: async (event) => {
          if (!onStep) return;
          await onStep(
            event.phase === "sent"
              ? { ...event, index, total }
              : { ...event, index, total, step: { ...event.step, index } },
          );
        },
      });
    } catch (error) {
      if (index === 0) throw error;
      const failed = steps[index] as ExecutedStep;
      failed.status = "failed";
      failed.error =
        `not sent: ${(error as { shortMessage?: string; message?: string }).shortMessage ?? (error as Error).message ?? String(error)}`.slice(
          0,
          300,
        );
      break;
    }
    steps[index] = { ...(outcome.steps[0] as ExecutedStep), index };
    if (outcome.status !== "success") break;
  }
  const failed = steps.find((step) => step.status !== "success");
  return {
    status: failed ? "failed" : "success",
    dryRun: false,
    chainId: flow.chainId,
    from: flow.from,
    summary: flow.summary,
    completedSteps: failed ? failed.index : total,
    failedStep: failed && !(cancelled && failed.status === "skipped") ? failed.index : null,
    steps,
    cancelled,
  };
}
