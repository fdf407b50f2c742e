import { appendSdkCalldataTag } from "@preflow/attribution";
import {
  FlowAccountMismatchError,
  InvalidArgumentError,
  parsePreparedFlow,
  type SerializedPreparedFlow,
} from "@preflow/core";
import type { Hex } from "viem";
import type { CompletedSteps } from "./errors/SponsorshipUnauthorizedError.js";
import type { AAContext } from "./internal/context.js";
import { describeRevert } from "./internal/describeRevert.js";
import { findFailingStep, type StepCall } from "./internal/findFailingStep.js";
import { submitUserOperation, type UserOperationOutcome } from "./internal/submitUserOperation.js";

/**
 * How `sendPreparedFlow` submits the steps: `"batch"` (default) puts every step into one UserOperation, so
 * an approval and its action are atomic; `"sequential"` sends one UserOperation per step, in order, each
 * waited for, stopping at the first failure.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowMode } from "@preflow/aa";
 * const mode: SendPreparedFlowMode = "sequential";
 * ```
 */
export type SendPreparedFlowMode = "batch" | "sequential";

/**
 * Options of `sendPreparedFlow`.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowOptions } from "@preflow/aa";
 * const options: SendPreparedFlowOptions = { mode: "batch" };
 * ```
 */
export type SendPreparedFlowOptions = {
  /** Default `"batch"`. */
  mode?: SendPreparedFlowMode | undefined;
};

/**
 * Why a flow did not fully succeed (the flow itself was valid):
 * - `EXECUTION_REVERTED`: the bundler's simulation of the UserOperation reverted, so nothing was submitted
 *   for it (in batch mode: no step took effect);
 * - `USEROP_REVERTED`: the UserOperation landed but its execution reverted (gas was still paid by the
 *   paymaster; no step of it took effect);
 * - `SPONSORSHIP_REFUSED`: the gas-sponsorship service declined to sponsor it (policy, limits, validation);
 * - `USEROP_REJECTED`: the bundler refused the signed UserOperation (`eth_sendUserOperation` error, e.g. a
 *   signature or nonce problem).
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowFailureCode } from "@preflow/aa";
 * const retryable = (code: SendPreparedFlowFailureCode) => code === "SPONSORSHIP_REFUSED";
 * ```
 */
export type SendPreparedFlowFailureCode =
  | "EXECUTION_REVERTED"
  | "USEROP_REVERTED"
  | "SPONSORSHIP_REFUSED"
  | "USEROP_REJECTED";

/**
 * The failure of a flow: a stable `code`, a message (never a secret), and `stepIndex`, the 0-based index of
 * the failing step in `prepared.steps`: always set in sequential mode; in batch mode set for reverts (found
 * by replaying the calls with `eth_simulateV1`) and `null` when the failure concerns the whole batch (a
 * refused sponsorship, a rejected UserOperation) or the node cannot tell.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowFailure } from "@preflow/aa";
 * const explain = (failure: SendPreparedFlowFailure) =>
 *   failure.stepIndex === null ? failure.message : `step ${failure.stepIndex}: ${failure.message}`;
 * ```
 */
export type SendPreparedFlowFailure = {
  code: SendPreparedFlowFailureCode;
  message: string;
  stepIndex: number | null;
  /** Raw revert data of the failing call, when known. */
  revertData?: Hex;
};

/**
 * The result of `sendPreparedFlow`: one entry in `userOpHashes` per submitted UserOperation and in
 * `transactionHashes` per landed one (the bundle transaction, where the attribution tags of the inner calls
 * can be checked), `success` only when every step executed, and `error` otherwise.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowReturnType } from "@preflow/aa";
 *
 * const report = (result: SendPreparedFlowReturnType) =>
 *   result.success ? `landed in ${result.transactionHashes.join(", ")}` : `${result.error?.code}: ${result.error?.message}`;
 * ```
 */
export type SendPreparedFlowReturnType = {
  mode: SendPreparedFlowMode;
  success: boolean;
  userOpHashes: Hex[];
  transactionHashes: Hex[];
  error?: SendPreparedFlowFailure;
};

function parseMode(options: unknown): SendPreparedFlowMode {
  if (options === undefined) return "batch";
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new InvalidArgumentError({
      field: "options",
      value: options,
      rule: 'must be an object like { mode: "batch" }',
    });
  }
  for (const name of Object.keys(options)) {
    if (name !== "mode")
      throw new InvalidArgumentError({
        field: `options.${name}`,
        value: (options as Record<string, unknown>)[name],
        rule: "is not an option of sendPreparedFlow (known: mode)",
      });
  }
  const { mode } = options as { mode?: unknown };
  if (mode === undefined) return "batch";
  if (mode !== "batch" && mode !== "sequential") {
    throw new InvalidArgumentError({
      field: "options.mode",
      value: mode,
      rule: 'must be "batch" or "sequential"',
    });
  }
  return mode;
}

const failureText: Record<SendPreparedFlowFailureCode, string> = {
  EXECUTION_REVERTED: "would revert (bundler simulation); nothing was submitted",
  USEROP_REVERTED: "reverted on-chain; none of its calls took effect",
  SPONSORSHIP_REFUSED: "was refused by the gas-sponsorship service",
  USEROP_REJECTED: "was rejected by the bundler",
};

async function toFailure(
  ctx: AAContext,
  flow: SerializedPreparedFlow,
  calls: readonly StepCall[],
  outcome: UserOperationOutcome,
  firstStep: number,
): Promise<SendPreparedFlowFailure | undefined> {
  const { failure } = outcome;
  if (failure === undefined) return undefined;
  let stepIndex: number | null = calls.length === 1 ? firstStep : null;
  let revertData = failure.revertData;
  const reverted = failure.code === "EXECUTION_REVERTED" || failure.code === "USEROP_REVERTED";
  if (reverted && calls.length > 1) {
    const found = await findFailingStep(ctx.publicClient, ctx.smartAccountAddress, calls);
    if (found) {
      stepIndex = firstStep + found.stepIndex;
      revertData = found.revertData ?? revertData;
    }
  }
  const subject =
    stepIndex === null
      ? `The UserOperation of ${calls.length} steps`
      : `Step ${stepIndex} (${flow.steps[stepIndex]?.description || "no description"})`;
  const why = reverted ? describeRevert(revertData) : failure.reason;
  const message = `${subject} ${failureText[failure.code]}: ${why}.`;
  return { code: failure.code, message, stepIndex, ...(revertData === undefined ? {} : { revertData }) };
}

/**
 * Runs `sendPreparedFlow` for a client context. @internal
 */
export async function sendPreparedFlowWith(
  ctx: AAContext,
  prepared: SerializedPreparedFlow,
  options?: SendPreparedFlowOptions,
): Promise<SendPreparedFlowReturnType> {
  const mode = parseMode(options);
  const flow = parsePreparedFlow(prepared);
  if (flow.from !== ctx.smartAccountAddress) {
    throw new FlowAccountMismatchError({
      from: flow.from,
      account: ctx.smartAccountAddress,
      accountKind: "smart account",
    });
  }
  const tags = ctx.attributionTags;
  const calls: StepCall[] = flow.steps.map((step) => ({
    to: step.to,
    data: tags === undefined ? step.data : (appendSdkCalldataTag(step.data, tags) as Hex),
    value: BigInt(step.value),
  }));

  const userOpHashes: Hex[] = [];
  const transactionHashes: Hex[] = [];
  const groups: { calls: StepCall[]; firstStep: number }[] =
    mode === "batch"
      ? [{ calls, firstStep: 0 }]
      : calls.map((call, index) => ({ calls: [call], firstStep: index }));
  for (const group of groups) {
    const completed: CompletedSteps | undefined =
      userOpHashes.length === 0
        ? undefined
        : { userOpHashes: [...userOpHashes], transactionHashes: [...transactionHashes] };
    const outcome = await submitUserOperation(ctx, group.calls, completed);
    if (outcome.userOpHash) userOpHashes.push(outcome.userOpHash);
    if (outcome.transactionHash) transactionHashes.push(outcome.transactionHash);
    const error = await toFailure(ctx, flow, group.calls, outcome, group.firstStep);
    if (error) return { mode, success: false, userOpHashes, transactionHashes, error };
  }
  return { mode, success: true, userOpHashes, transactionHashes };
}
