// One attempt to execute a flow, as the stages (executionStage.ts) pass it along: what the call asked, what the
// store recalled, the record being written, and the few facts later stages read (whether its record was written,
// whether it signed anything, the store's veto of a write-ahead record).
import { randomUUID } from "node:crypto";
import type { SerializedPreparedFlow } from "@preflow/core";
import type { Account } from "viem";
import type { ApprovalGrant } from "../approval/requireApproval.js";
import type { StoreUnavailableError } from "../errors/store.js";
import type { PolicyCheck } from "../policy/checkPolicy.js";
import type { ToolServerStore } from "../store/types.js";
import type { ExecutionCall, ExecutionContext, ExecutionRuntime } from "./executionContext.js";
import type { ExecutionRecord, StepRecord } from "./executionRegistry.js";
import { advanceStage, type ExecutionStage, storedStateOf } from "./executionStage.js";
import type { Recall } from "./recallExecution.js";
import { toResumedStep } from "./resumeFromRecord.js";

/** See the file comment. @internal */
export interface FlowAttempt {
  tool: string;
  context: ExecutionContext;
  runtime: ExecutionRuntime;
  call: ExecutionCall;
  account: Account;
  store: ToolServerStore;
  flow: SerializedPreparedFlow;
  flowId: string;
  stage: ExecutionStage;
  /** The record that stood for the flow before this attempt (it stands again if this one sends nothing). */
  earlier: ExecutionRecord | undefined;
  /** Continued from `fromStep` (continue, resend), else from 0. */
  continuing: boolean;
  fromStep: number;
  /** A step signed before whose bytes are sent again: carried over, not checked nor counted again. */
  resent: boolean;
  /** The first step this attempt signs (and counts). */
  firstNew: number;
  record: ExecutionRecord;
  /** The landed steps, as core's resume takes them: looked up by hash, never sent again. */
  resume: { steps: ReturnType<typeof toResumedStep>[] } | undefined;
  /** The policy's check before the approval, then the reservation's. */
  checked: PolicyCheck | undefined;
  approval: Promise<ApprovalGrant | undefined>;
  /** Whether this attempt's record was written (it holds the signer's lock then: nobody else wrote since). */
  written: boolean;
  signedAny: boolean;
  /**
   * The store's refusal of a step's write-ahead record, or the budget's refusal just before the broadcast (the step
   * was not broadcast).
   */
  vetoed: StoreUnavailableError | Error | undefined;
}

/** What {@link openAttempt} needs besides the recall. @internal */
export type AttemptCall = Pick<
  FlowAttempt,
  "tool" | "context" | "runtime" | "call" | "account" | "store" | "flow" | "flowId"
>;

export const now = () => new Date().toISOString();

/**
 * Opens the attempt a recall decided (new, continue or resend) and makes it what this process remembers for the
 * flow (synchronously after the recall: of two identical calls of this process exactly one opens it). @internal
 */
export function openAttempt(call: AttemptCall, recall: Exclude<Recall, { kind: "replay" }>): FlowAttempt {
  const { flow, flowId } = call;
  const earlier = recall.earlier;
  const continuing = recall.kind === "continue" || recall.kind === "resend";
  const fromStep = continuing ? recall.from : 0;
  const resent = recall.kind === "resend";
  const firstNew = fromStep + (resent ? 1 : 0);
  const record: ExecutionRecord = {
    flowId,
    chainId: 42220,
    // Filed under the signer, who sends: with a budget the agent, whose redemption moves the owner's (flow.from) tokens.
    from: call.runtime.budget ? call.account.address : flow.from,
    summary: flow.summary,
    state: "queued",
    outcome: undefined,
    steps: flow.steps.map((step, index) =>
      continuing && index < firstNew
        ? { ...(earlier?.steps[index] as StepRecord) }
        : { index, description: step.description, to: step.to, hash: null, status: "queued" },
    ),
    startedAt: continuing && earlier ? earlier.startedAt : now(),
    finishedAt: null,
    done: Promise.resolve(),
    attempt: randomUUID(),
    local: true,
    ...(earlier === undefined ? {} : { supersedes: earlier }),
  };
  call.context.executions.set(record);
  return {
    ...call,
    stage: "checking",
    earlier,
    continuing,
    fromStep,
    resent,
    firstNew,
    record,
    resume: continuing ? { steps: record.steps.map(toResumedStep) } : undefined,
    checked: undefined,
    approval: Promise.resolve(undefined),
    written: false,
    signedAny: false,
    vetoed: undefined,
  };
}

/** Moves the attempt to its next stage; the record's stored state follows while it runs. @internal */
export function enterStage(attempt: FlowAttempt, stage: ExecutionStage): void {
  advanceStage(attempt, stage);
  const state = storedStateOf(stage);
  if (state !== "done") attempt.record.state = state;
}
