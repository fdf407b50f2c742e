import { appendSdkCalldataTag } from "@preflow/attribution";
import {
  type ChainMismatchError,
  decodeRevertReason,
  type ExecutedStep,
  type ExecutePreparedFlowReturnType,
  executedFlowResult,
  FlowAccountMismatchError,
  findStepProtocol,
  type InvalidPreparedFlowError,
  parsePreparedFlow,
  type RevertReason,
  type SerializedPreparedFlow,
} from "@preflow/core";
import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import type { Hex } from "viem";
import type { DelegationConflictError } from "./errors/DelegationConflictError.js";
import { FeeCurrencyNotSponsoredError } from "./errors/FeeCurrencyNotSponsoredError.js";
import type { SendPreparedFlowAbortedError } from "./errors/SendPreparedFlowAbortedError.js";
import type { ServiceResponseError, ServiceUnreachableError } from "./errors/ServiceUnreachableError.js";
import type { CompletedSteps, SponsorshipUnauthorizedError } from "./errors/SponsorshipUnauthorizedError.js";
import type { UserOperationBuildError } from "./errors/UserOperationBuildError.js";
import type { AAContext } from "./internal/context.js";
import { findFailingStep, type StepCall } from "./internal/findFailingStep.js";
import {
  submitUserOperation,
  type UserOperationFailureCode,
  type UserOperationOutcome,
  type UserOperationStatus,
} from "./internal/submitUserOperation.js";

export type { UserOperationStatus } from "./internal/submitUserOperation.js";

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

/** The default of `receiptTimeoutMs`: two minutes per UserOperation. */
export const DEFAULT_RECEIPT_TIMEOUT_MS = 120_000;

/**
 * Options of `sendPreparedFlow`.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowOptions } from "@preflow/aa";
 * const options: SendPreparedFlowOptions = { mode: "batch", receiptTimeoutMs: 60_000, signal: AbortSignal.timeout(90_000) };
 * ```
 */
export type SendPreparedFlowOptions = {
  /** Default `"batch"`. */
  mode?: SendPreparedFlowMode | undefined;
  /**
   * How long to wait for the outcome of each sent UserOperation, in ms (default 120 000, at least 1 000).
   * When it runs out the UserOperation is reported `pending` with its `userOpHash` (one last look at the
   * chain may add up to about 2 s). The chain is also looked at during the wait (every 2 s once no receipt
   * came for 3 s, or the bundler fails), so a UserOperation that landed is reported within seconds even
   * when the bundler never answers its receipt.
   */
  receiptTimeoutMs?: number | undefined;
  /**
   * Aborts the send: before a UserOperation is sent, `SendPreparedFlowAbortedError` is thrown (nothing of it
   * was submitted); once it was sent, the wait stops and the result says `pending` with its `userOpHash`.
   */
  signal?: AbortSignal | undefined;
};

/**
 * Why a flow did not fully succeed (the flow itself was valid):
 * - `EXECUTION_REVERTED`: the simulation of the UserOperation reverted, so nothing was submitted for it (in
 *   batch mode: no step took effect);
 * - `USEROP_REVERTED`: the UserOperation landed but its execution reverted (gas was still paid by the
 *   paymaster; no step of it took effect);
 * - `SPONSORSHIP_REFUSED`: the gas-sponsorship service declined to sponsor it (policy, limits, validation);
 * - `USEROP_REJECTED`: the bundler refused the signed UserOperation (`eth_sendUserOperation` error, e.g. a
 *   signature or nonce problem); it never entered the mempool;
 * - `USEROP_PENDING`: the UserOperation was sent (or may have been: the answer was lost) and its outcome is
 *   still unknown at the deadline; it may still land. Look it up by `error.userOpHash`; do not send the flow
 *   again blindly.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowFailureCode } from "@preflow/aa";
 * const mayStillLand = (code: SendPreparedFlowFailureCode) => code === "USEROP_PENDING";
 * ```
 */
export type SendPreparedFlowFailureCode =
  | "EXECUTION_REVERTED"
  | "USEROP_REVERTED"
  | "SPONSORSHIP_REFUSED"
  | "USEROP_REJECTED"
  | "USEROP_PENDING";

// The internal outcome codes and the public ones are the same union (checked at compile time).
const sameCodes: [UserOperationFailureCode, SendPreparedFlowFailureCode] = [
  "" as SendPreparedFlowFailureCode,
  "" as UserOperationFailureCode,
];
void sameCodes;

/**
 * The failure of a flow: a stable `code`, a message (never a secret), `stepIndex`, the 0-based index of the
 * failing step in `prepared.steps` (always set in sequential mode; in batch mode set for reverts, found by
 * replaying the calls with `eth_simulateV1`, and `null` when the failure concerns the whole batch or the node
 * cannot tell), and `userOpHash` whenever the failing UserOperation was signed. On a revert with revert data,
 * `revertData` is the raw data and `revertReason` its reading by core's `decodeRevertReason` (the message
 * ends with `revertReason.message`, e.g. `InsufficientAllowance(spender: 0x…, allowance: 1, needed: 3)
 * [ERC-20]`).
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowFailure } from "@preflow/aa";
 * const explain = (failure: SendPreparedFlowFailure) =>
 *   failure.stepIndex === null ? failure.message : `step ${failure.stepIndex}: ${failure.message}`;
 * const isAllowanceProblem = (failure: SendPreparedFlowFailure) =>
 *   /InsufficientAllowance$/.test(failure.revertReason?.name ?? "");
 * ```
 */
export type SendPreparedFlowFailure = {
  code: SendPreparedFlowFailureCode;
  message: string;
  stepIndex: number | null;
  /** The hash of the failing UserOperation, when it was signed (always for `USEROP_PENDING` and `USEROP_REVERTED`). */
  userOpHash?: Hex;
  /** Raw revert data of the failing call, when known. */
  revertData?: Hex;
  /** `revertData` decoded by core's `decodeRevertReason` (set whenever `revertData` is). */
  revertReason?: RevertReason;
};

/**
 * One UserOperation of a send: its hash (known once signed, before it is sent; `null` when it was refused
 * before signing), the bundle transaction when it landed, its `status`, and the indexes of the steps it
 * carries.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowOperation } from "@preflow/aa";
 * const stillOpen = (ops: SendPreparedFlowOperation[]) => ops.filter((op) => op.status === "pending").map((op) => op.userOpHash);
 * ```
 */
export type SendPreparedFlowOperation = {
  userOpHash: Hex | null;
  transactionHash: Hex | null;
  status: UserOperationStatus;
  stepIndexes: number[];
  /**
   * `smartAccount: "simple-7702"` only, on the UserOperation that carried the owner's signed EIP-7702
   * authorization (the first send of a not yet delegated EOA): the delegate and the EOA nonce it was signed
   * for. Absent on later sends.
   */
  delegation?: { address: Hex; nonce: number };
};

/**
 * The errors `aa.sendPreparedFlow` throws, always before the UserOperation concerned was sent (from its
 * `eth_sendUserOperation` on, the outcome is in the result): bad options or flow ({@link InvalidArgumentError},
 * {@link InvalidPreparedFlowError}), a flow for another account ({@link FlowAccountMismatchError}), a fee currency
 * the sponsor does not take ({@link FeeCurrencyNotSponsoredError}), a wrong chain ({@link ChainMismatchError}), an
 * owner delegated elsewhere ({@link DelegationConflictError}), a refused key ({@link SponsorshipUnauthorizedError}),
 * a service that cannot be reached or answers garbage ({@link ServiceUnreachableError},
 * {@link ServiceResponseError}), a UserOperation that cannot be built ({@link UserOperationBuildError}), an abort
 * ({@link SendPreparedFlowAbortedError}). In sequential mode they carry `details.completed`.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowErrorType } from "@preflow/aa";
 * const retryable = (error: SendPreparedFlowErrorType) => error.code === "SERVICE_UNREACHABLE";
 * ```
 */
export type SendPreparedFlowErrorType =
  | InvalidArgumentError
  | InvalidPreparedFlowError
  | FlowAccountMismatchError
  | FeeCurrencyNotSponsoredError
  | ChainMismatchError
  | DelegationConflictError
  | SponsorshipUnauthorizedError
  | ServiceUnreachableError
  | ServiceResponseError
  | UserOperationBuildError
  | SendPreparedFlowAbortedError;

/**
 * The result of `sendPreparedFlow`: the shape every send of a flow reports (core's `executePreparedFlow` and
 * `sendPreparedFlowWithWallet`, from `executedFlowResult`): `status` (`success`, `failed`, `pending`, `aborted`)
 * and `steps`, one per step of the flow with its `hash` (the bundle transaction that carried it, once landed),
 * `sent`, `status` (`success`, `reverted`, `failed`, `pending`, `skipped`), `code` and `error`; no `feePaid`, as
 * the sponsor pays the gas. Beside it, the UserOperation's own fields: `userOpHashes` has one entry per
 * UserOperation that was sent (or may have been: `pending`), `transactionHashes` one per landed one (the bundle
 * transaction, where the attribution tags of the inner calls can be checked), `operations` the `status` of each
 * UserOperation tried (`success`, `reverted`, `pending`, `refused`), `success` only when every step executed,
 * and `error` otherwise.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowReturnType } from "@preflow/aa";
 *
 * const report = (result: SendPreparedFlowReturnType) =>
 *   result.success
 *     ? `landed in ${result.transactionHashes.join(", ")}`
 *     : result.error?.code === "USEROP_PENDING"
 *       ? `sent, outcome unknown: ${result.error.userOpHash}`
 *       : `${result.error?.code}: ${result.error?.message}`;
 * ```
 */
export type SendPreparedFlowReturnType = ExecutePreparedFlowReturnType & {
  mode: SendPreparedFlowMode;
  success: boolean;
  userOpHashes: Hex[];
  transactionHashes: Hex[];
  operations: SendPreparedFlowOperation[];
  error?: SendPreparedFlowFailure;
};

const OPTION_NAMES = ["mode", "receiptTimeoutMs", "signal"];

function parseOptions(options: unknown): {
  mode: SendPreparedFlowMode;
  receiptTimeoutMs: number;
  signal: AbortSignal | undefined;
} {
  if (options === undefined)
    return { mode: "batch", receiptTimeoutMs: DEFAULT_RECEIPT_TIMEOUT_MS, signal: undefined };
  // Unknown keys refused, named with the nearest valid one; never their value (it could be a secret).
  const record = rejectUnknownKeys(options, "options", OPTION_NAMES);
  const { mode = "batch", receiptTimeoutMs = DEFAULT_RECEIPT_TIMEOUT_MS, signal } = record;
  if (mode !== "batch" && mode !== "sequential") {
    throw new InvalidArgumentError({
      field: "options.mode",
      value: mode,
      rule: 'must be "batch" or "sequential"',
    });
  }
  if (
    typeof receiptTimeoutMs !== "number" ||
    !Number.isInteger(receiptTimeoutMs) ||
    receiptTimeoutMs < 1_000 ||
    receiptTimeoutMs > 3_600_000
  ) {
    throw new InvalidArgumentError({
      field: "options.receiptTimeoutMs",
      value: receiptTimeoutMs,
      rule: "must be an integer number of milliseconds from 1000 to 3600000",
    });
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new InvalidArgumentError({
      field: "options.signal",
      value: signal,
      rule: "must be an AbortSignal",
    });
  }
  return { mode, receiptTimeoutMs, signal };
}

const failureText: Record<SendPreparedFlowFailureCode, string> = {
  EXECUTION_REVERTED: "would revert (simulation); nothing was submitted",
  USEROP_REVERTED: "reverted on-chain; none of its calls took effect",
  SPONSORSHIP_REFUSED: "was refused by the gas-sponsorship service; nothing was submitted",
  USEROP_REJECTED: "was rejected by the bundler; nothing was submitted",
  USEROP_PENDING: "was sent but its outcome is unknown; it may still land",
};

async function toFailure(
  ctx: AAContext,
  flow: SerializedPreparedFlow,
  calls: readonly StepCall[],
  outcome: UserOperationOutcome,
  firstStep: number,
): Promise<SendPreparedFlowFailure | undefined> {
  const { failure, userOpHash } = outcome;
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
  // The protocol of the failing step (or of the flow's intent) reads the revert's bare string codes.
  const protocol = findStepProtocol(flow, stepIndex ?? -1)?.id;
  const revertReason = revertData === undefined ? undefined : decodeRevertReason(revertData, { protocol });
  const why = reverted ? (revertReason?.message ?? "no revert data was returned") : failure.reason;
  const hashText = userOpHash && failure.code !== "EXECUTION_REVERTED" ? ` [userOpHash ${userOpHash}]` : "";
  const message = `${subject} ${failureText[failure.code]}: ${why}.${hashText}`;
  return {
    code: failure.code,
    message,
    stepIndex,
    ...(userOpHash === undefined ? {} : { userOpHash }),
    ...(revertData === undefined ? {} : { revertData, revertReason }),
  };
}

/**
 * A sponsored UserOperation has no fee currency (the sponsor pays the gas): a step carrying `feeCurrency`
 * (CIP-64) is refused before anything else, whatever the rest of the flow holds. @internal
 */
export function refuseFeeCurrency(prepared: unknown): void {
  const steps = (prepared as { steps?: unknown } | null | undefined)?.steps;
  if (!Array.isArray(steps)) return; // parsePreparedFlow names the problem
  steps.forEach((step: unknown, stepIndex) => {
    const feeCurrency = (step as { feeCurrency?: unknown } | null | undefined)?.feeCurrency;
    if (feeCurrency !== undefined) {
      throw new FeeCurrencyNotSponsoredError({ stepIndex, feeCurrency: String(feeCurrency) });
    }
  });
}

/**
 * Runs `sendPreparedFlow` for a client context. @internal
 */
export async function sendPreparedFlowWith(
  ctx: AAContext,
  prepared: SerializedPreparedFlow,
  options?: SendPreparedFlowOptions,
): Promise<SendPreparedFlowReturnType> {
  const { mode, receiptTimeoutMs, signal } = parseOptions(options);
  refuseFeeCurrency(prepared);
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
  const operations: SendPreparedFlowOperation[] = [];
  // the one result of every send (core's executedFlowResult), with the UserOperations' fields beside it
  const sendResult = (error: SendPreparedFlowFailure | undefined): SendPreparedFlowReturnType => ({
    ...executedFlowResult({ flow, steps: executedSteps(flow, operations, error) }),
    mode,
    success: error === undefined,
    userOpHashes,
    transactionHashes,
    operations,
    ...(error === undefined ? {} : { error }),
  });
  const groups: { calls: StepCall[]; firstStep: number }[] =
    mode === "batch"
      ? [{ calls, firstStep: 0 }]
      : calls.map((call, index) => ({ calls: [call], firstStep: index }));
  for (const group of groups) {
    const completed: CompletedSteps | undefined =
      userOpHashes.length === 0
        ? undefined
        : { userOpHashes: [...userOpHashes], transactionHashes: [...transactionHashes] };
    const outcome = await submitUserOperation(ctx, group.calls, { completed, signal, receiptTimeoutMs });
    if (outcome.userOpHash && outcome.submitted) userOpHashes.push(outcome.userOpHash);
    if (outcome.transactionHash) transactionHashes.push(outcome.transactionHash);
    operations.push({
      userOpHash: outcome.userOpHash ?? null,
      transactionHash: outcome.transactionHash ?? null,
      status: outcome.status,
      stepIndexes: group.calls.map((_, index) => group.firstStep + index),
      ...(outcome.delegation ? { delegation: outcome.delegation } : {}),
    });
    const error = await toFailure(ctx, flow, group.calls, outcome, group.firstStep);
    if (error) return sendResult(error);
  }
  return sendResult(undefined);
}

/**
 * Each step's outcome from the UserOperation that carried it: landed (`success`, or `reverted` with every step of
 * it: none took effect), `pending` (sent, outcome unknown), refused before it was sent (`failed`; a simulation
 * revert is `SIMULATION_REVERTED`), or never tried (`skipped`). @internal
 */
function executedSteps(
  flow: SerializedPreparedFlow,
  operations: readonly SendPreparedFlowOperation[],
  error: SendPreparedFlowFailure | undefined,
): ExecutedStep[] {
  return flow.steps.map((prepared, index): ExecutedStep => {
    const base = { index, description: prepared.description, to: prepared.to };
    const operation = operations.find((op) => op.stepIndexes.includes(index));
    if (!operation) return { ...base, hash: null, sent: false, status: "skipped", code: "NOT_ATTEMPTED" };
    const hash = operation.transactionHash;
    const why =
      error !== undefined && (error.stepIndex === index || error.stepIndex === null)
        ? { error: error.message }
        : {};
    switch (operation.status) {
      case "success":
        return { ...base, hash, sent: true, status: "success" };
      case "reverted":
        return { ...base, hash, sent: true, status: "reverted", code: "TRANSACTION_REVERTED", ...why };
      case "pending":
        return { ...base, hash, sent: true, status: "pending", code: "TRANSACTION_PENDING", ...why };
      default: {
        const code = error?.code === "EXECUTION_REVERTED" ? "SIMULATION_REVERTED" : "TRANSACTION_REJECTED";
        return { ...base, hash: null, sent: false, status: "failed", code, ...why };
      }
    }
  });
}
