// executePreparedFlow's parameter checks, all before any request: the client, unknown keys, the account, the
// bounds, the signal, the listener, and an earlier result to resume from.
import { rejectUnknownKeys, typeName } from "@preflow/errors";
import { type Hash, type Hex, keccak256, type LocalAccount } from "viem";
import { InvalidArgumentError } from "../../../errors/argument.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { DEFAULT_RECEIPT_TIMEOUT_MS, MAX_RECEIPT_TIMEOUT_MS } from "./requests.js";
import type { ExecutedStep, ExecutedStepStatus, ExecutePreparedFlowParameters } from "./types.js";

const PARAMETER_KEYS = [
  "account",
  "flow",
  "dryRun",
  "signal",
  "receiptTimeoutMs",
  "onStep",
  "beforeBroadcast",
  "beforeBroadcastTimeoutMs",
  "resume",
];
/** The keys of a result (ExecutePreparedFlowReturnType) and of its steps (ExecutedStep). */
const RESULT_KEYS = [
  "status",
  "dryRun",
  "aborted",
  "chainId",
  "from",
  "summary",
  "completedSteps",
  "failedStep",
  "steps",
  "simulation",
];
const STEP_KEYS = [
  "index",
  "description",
  "to",
  "hash",
  "sent",
  "status",
  "code",
  "nonce",
  "blockNumber",
  "gasUsed",
  "feePaid",
  "error",
  "signedTransaction",
];
const STATUSES: readonly ExecutedStepStatus[] = ["success", "reverted", "failed", "pending", "skipped"];

/** Checks executePreparedFlow's client and parameters (the flow itself is parsed by parsePreparedFlow). @internal */
export function checkParameters(
  client: unknown,
  parameters: unknown,
): asserts parameters is ExecutePreparedFlowParameters {
  if (typeof (client as { request?: unknown } | null)?.request !== "function") {
    throw new InvalidArgumentError({
      field: "client",
      value: typeName(client),
      rule: "must be a viem client (for example sdk.publicClient)",
    });
  }
  const {
    account,
    dryRun,
    signal,
    receiptTimeoutMs,
    onStep,
    beforeBroadcast,
    beforeBroadcastTimeoutMs,
    resume,
  } = rejectUnknownKeys(parameters, "parameters", PARAMETER_KEYS);
  const local = account as Partial<LocalAccount> | null | undefined;
  // A dry run signs nothing: any viem account (a JSON-RPC account `{ address, type: "json-rpc" }` too) will do.
  const canSign = dryRun === true || (local?.type === "local" && typeof local.signTransaction === "function");
  if (
    typeof local !== "object" ||
    local === null ||
    !canSign ||
    typeof local.address !== "string" ||
    !/^0x[0-9a-fA-F]{40}$/.test(local.address)
  ) {
    throw new InvalidArgumentError({
      field: "account",
      value: typeof local === "object" && local !== null ? `${String(local.type)} account` : typeName(local),
      rule: "must be a viem local account (privateKeyToAccount, mnemonicToAccount...) with a 20-byte address; a dry run takes any account with an address",
    });
  }
  if (dryRun !== undefined && typeof dryRun !== "boolean") {
    throw new InvalidArgumentError({ field: "dryRun", value: dryRun, rule: "must be a boolean" });
  }
  checkMilliseconds(
    "receiptTimeoutMs",
    receiptTimeoutMs,
    MAX_RECEIPT_TIMEOUT_MS,
    `${MAX_RECEIPT_TIMEOUT_MS}`,
  );
  if (
    signal !== undefined &&
    !(
      typeof signal === "object" &&
      signal !== null &&
      typeof (signal as AbortSignal).aborted === "boolean" &&
      typeof (signal as AbortSignal).addEventListener === "function"
    )
  ) {
    throw new InvalidArgumentError({
      field: "signal",
      value: typeName(signal),
      rule: "must be an AbortSignal",
    });
  }
  if (onStep !== undefined && typeof onStep !== "function") {
    throw new InvalidArgumentError({ field: "onStep", value: typeName(onStep), rule: "must be a function" });
  }
  if (beforeBroadcast !== undefined && typeof beforeBroadcast !== "function") {
    throw new InvalidArgumentError({
      field: "beforeBroadcast",
      value: typeName(beforeBroadcast),
      rule: "must be a function",
    });
  }
  const receiptBound = (receiptTimeoutMs as number | undefined) ?? DEFAULT_RECEIPT_TIMEOUT_MS;
  checkMilliseconds(
    "beforeBroadcastTimeoutMs",
    beforeBroadcastTimeoutMs,
    receiptBound,
    `receiptTimeoutMs (${receiptBound})`,
  );
  if (resume !== undefined && dryRun === true) {
    throw new InvalidArgumentError({
      field: "resume",
      value: "an earlier result",
      rule: "cannot be combined with dryRun: true (a dry run sends nothing to continue from)",
    });
  }
}

/** A step of an earlier result, as resuming reads it. @internal */
export interface ResumedStep {
  hash: Hash | null;
  sent: boolean | "unknown";
  status: ExecutedStepStatus;
  nonce: number | undefined;
  /** The exact signed bytes of a step not acknowledged yet (their keccak256 is `hash`). */
  signedTransaction: Hex | undefined;
}

/**
 * Checks `resume` against the parsed flow, before any request, and returns its steps: one per step of the flow,
 * in order, each with the flow step's `to`, a 32-byte hash or `null` (required for a step that succeeded,
 * reverted or is pending), a known status and `sent`; unknown keys refused. @internal
 */
export function parseResume(resume: unknown, flow: SerializedPreparedFlow): ResumedStep[] {
  const top = rejectUnknownKeys(resume, "resume", RESULT_KEYS);
  if (top.dryRun === true) {
    throw new InvalidArgumentError({
      field: "resume.dryRun",
      value: true,
      rule: "must not be a dry run's result (a dry run sends nothing to continue from)",
    });
  }
  if (
    top.from !== undefined &&
    (typeof top.from !== "string" || top.from.toLowerCase() !== flow.from.toLowerCase())
  ) {
    throw new InvalidArgumentError({
      field: "resume.from",
      value: top.from,
      rule: `must be the flow's from (${flow.from}): resume from a result of the same flow`,
    });
  }
  const list = top.steps;
  if (!Array.isArray(list) || list.length !== flow.steps.length) {
    throw new InvalidArgumentError({
      field: "resume.steps",
      value: Array.isArray(list) ? `${list.length} step(s)` : typeName(list),
      rule: `must list the flow's ${flow.steps.length} step(s), in order (an earlier result of the same flow)`,
    });
  }
  return list.map((entry: unknown, position): ResumedStep => {
    const field = `resume.steps[${position}]`;
    const step = rejectUnknownKeys(entry, field, STEP_KEYS) as Partial<Record<keyof ExecutedStep, unknown>>;
    const flowStep = flow.steps[position] as SerializedPreparedFlow["steps"][number];
    if (step.index !== position) {
      throw new InvalidArgumentError({
        field: `${field}.index`,
        value: step.index,
        rule: `must be ${position}`,
      });
    }
    if (typeof step.to !== "string" || step.to.toLowerCase() !== flowStep.to.toLowerCase()) {
      throw new InvalidArgumentError({
        field: `${field}.to`,
        value: step.to,
        rule: `must be the flow step's to (${flowStep.to}): resume from a result of the same flow`,
      });
    }
    if (!STATUSES.includes(step.status as ExecutedStepStatus)) {
      throw new InvalidArgumentError({
        field: `${field}.status`,
        value: step.status,
        rule: `must be one of ${STATUSES.join(", ")}`,
      });
    }
    const status = step.status as ExecutedStepStatus;
    const hash = step.hash ?? null;
    if (hash !== null && !(typeof hash === "string" && /^0x[0-9a-fA-F]{64}$/.test(hash))) {
      throw new InvalidArgumentError({
        field: `${field}.hash`,
        value: hash,
        rule: "must be a 32-byte hex hash or null",
      });
    }
    if (hash === null && (status === "success" || status === "reverted" || status === "pending")) {
      throw new InvalidArgumentError({
        field: `${field}.hash`,
        value: null,
        rule: `must be the transaction's hash: the step is ${status}, so it was (or may have been) sent`,
      });
    }
    const sent = step.sent ?? (hash === null ? false : "unknown");
    if (sent !== true && sent !== false && sent !== "unknown") {
      throw new InvalidArgumentError({
        field: `${field}.sent`,
        value: sent,
        rule: 'must be true, false or "unknown"',
      });
    }
    const nonce = step.nonce;
    if (nonce !== undefined && !(typeof nonce === "number" && Number.isSafeInteger(nonce) && nonce >= 0)) {
      throw new InvalidArgumentError({
        field: `${field}.nonce`,
        value: nonce,
        rule: "must be a non-negative integer",
      });
    }
    const signed = step.signedTransaction;
    if (
      signed !== undefined &&
      !(
        typeof signed === "string" &&
        /^0x(?:[0-9a-fA-F]{2})+$/.test(signed) &&
        hash !== null &&
        keccak256(signed as Hex).toLowerCase() === hash.toLowerCase()
      )
    ) {
      throw new InvalidArgumentError({
        field: `${field}.signedTransaction`,
        value: typeof signed === "string" ? `${signed.slice(0, 20)}...` : signed,
        rule: "must be the step's signed transaction: hex bytes whose keccak256 is the step's hash",
      });
    }
    return {
      hash: hash as Hash | null,
      sent,
      status,
      nonce: nonce as number | undefined,
      signedTransaction: signed as Hex | undefined,
    };
  });
}

/** A bound in ms, when given: an integer from 1 to `max` (`maxWords` names it in the rule). */
function checkMilliseconds(field: string, value: unknown, max: number, maxWords: string): void {
  if (value === undefined) return;
  if (typeof value === "number" && Number.isInteger(value) && value > 0 && value <= max) return;
  throw new InvalidArgumentError({
    field,
    value,
    rule: `must be an integer number of ms from 1 to ${maxWords}`,
  });
}
