// The one seam between the tool server and EOA execution: core's executePreparedFlow, which signs each step
// locally (hash known before sending), stops before the next step once `signal` is aborted, and reports
// `pending` rather than "not sent" when a send's answer is lost.
import {
  type BeforeBroadcastStep,
  type ExecutedStep,
  type ExecutePreparedFlowResume,
  type ExecutePreparedFlowReturnType,
  type ExecutionStepEvent,
  executePreparedFlow,
  type SerializedPreparedFlow,
} from "@preflow/core";
import type { Account, Chain, Client, LocalAccount, Transport } from "viem";

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
  /** Awaited before each step is broadcast; rejecting stops the send (core's `beforeBroadcast`). */
  beforeBroadcast?: (step: BeforeBroadcastStep) => void | Promise<void>;
  /** Continue an earlier execution: its sent steps are looked up by hash, never sent again (core's `resume`). */
  resume?: ExecutePreparedFlowResume;
}

/** What happened; `cancelled` when the signal stopped it before its last step. @internal */
export type RunPreparedFlowReturnType = ExecutePreparedFlowReturnType & { cancelled: boolean };

/**
 * Executes (or dry-runs) a validated flow with an EOA. Throws only when nothing was sent (invalid flow,
 * wrong `from`, wrong chain, first nonce read failed); once a step was signed, every later problem is in the
 * result. @internal
 */
export async function runPreparedFlow(
  client: Client<Transport, Chain | undefined>,
  parameters: RunPreparedFlowParameters,
): Promise<RunPreparedFlowReturnType> {
  const {
    account,
    flow,
    dryRun = false,
    signal,
    receiptTimeoutMs,
    onStep,
    beforeBroadcast,
    resume,
  } = parameters;
  const result = await executePreparedFlow(client, {
    // The server's signer (privateKeyToAccount); dry runs go through simulatePreparedFlow and need none.
    account: account as LocalAccount,
    flow,
    dryRun,
    ...(signal === undefined ? {} : { signal }),
    ...(receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs }),
    ...(onStep === undefined ? {} : { onStep }),
    ...(beforeBroadcast === undefined ? {} : { beforeBroadcast }),
    ...(resume === undefined ? {} : { resume }),
  });
  return { ...result, cancelled: result.aborted };
}
