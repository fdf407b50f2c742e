// An execution record as the store keeps it: the executions.json format (executionsFile.ts, decoded the same strict
// way) plus each unacknowledged step's signed bytes (write-ahead) and the attempt's id. The store's bytes are
// untrusted like the file's (a hand edit, another version): decoding never throws and never accepts a wrong shape.
import { isRecord } from "@preflow/errors";
import type { StoredExecution } from "../store/types.js";
import type { ExecutionRecord } from "./executionRegistry.js";
import { decodeExecution, encodeExecution, toExecutionRecord } from "./executionsFile.js";
import { landedAny, standingExecution } from "./standingExecution.js";

/** The longest signed transaction kept (core's flows stay far below: calldata of one step). @internal */
export const MAX_SIGNED_TRANSACTION_CHARS = 2 * 128 * 1024 + 2;
const SIGNED = /^0x(?:[0-9a-f]{2})+$/;
const ATTEMPT = /^[0-9a-z-]{1,64}$/;

/**
 * Decodes a stored record of `signer`. Never throws: `{ ok: false, problem }` names the path and the rule, never
 * the value. @internal
 */
export function decodeStoredExecution(
  value: unknown,
  signer: string,
  nested = false,
): { ok: true; record: StoredExecution } | { ok: false; problem: string } {
  if (!isRecord(value)) return { ok: false, problem: "(entry): not an object" };
  const { attempt, supersedes, ...rest } = value;
  if (attempt !== undefined && (typeof attempt !== "string" || !ATTEMPT.test(attempt))) {
    return { ok: false, problem: "attempt: invalid" };
  }
  let replaced: StoredExecution | undefined;
  if (supersedes !== undefined) {
    // One level: the record an attempt replaced carries no record of its own.
    if (nested) return { ok: false, problem: "supersedes: not allowed" };
    const decoded = decodeStoredExecution(supersedes, signer, true);
    if (!decoded.ok) return { ok: false, problem: `supersedes.${decoded.problem}` };
    if (decoded.record.flowId !== rest.flowId)
      return { ok: false, problem: "supersedes.flowId: another flow" };
    replaced = decoded.record;
  }
  const signed = new Map<number, string>();
  if (Array.isArray(rest.steps)) {
    rest.steps = rest.steps.map((step: unknown, position: number) => {
      if (!isRecord(step) || step.signedTransaction === undefined) return step;
      const { signedTransaction, ...others } = step;
      if (
        typeof signedTransaction !== "string" ||
        signedTransaction.length > MAX_SIGNED_TRANSACTION_CHARS ||
        !SIGNED.test(signedTransaction)
      ) {
        signed.set(position, "");
      } else signed.set(position, signedTransaction);
      return others;
    });
  }
  for (const [position, bytes] of signed) {
    if (bytes === "") return { ok: false, problem: `steps.${position}.signedTransaction: invalid` };
  }
  const decoded = decodeExecution(rest, signer);
  if (!decoded.ok) return decoded;
  const record: StoredExecution = {
    ...decoded.record,
    outcome: decoded.record.outcome,
    steps: decoded.record.steps.map((step, position) =>
      signed.has(position) ? { ...step, signedTransaction: signed.get(position) as string } : { ...step },
    ),
    ...(typeof attempt === "string" ? { attempt } : {}),
    ...(replaced === undefined ? {} : { supersedes: replaced }),
  };
  return { ok: true, record };
}

/**
 * A registry record as stored: the file's encoding (texts scrubbed and cut) plus the signed bytes, the attempt and
 * the record it replaced while none of its steps is on chain. An attempt that ended sending nothing is stored as the
 * record it replaced (standingExecution.ts). @internal
 */
export function encodeStoredExecution(
  record: ExecutionRecord,
  scrub: (text: string) => string,
): StoredExecution {
  const standing = standingExecution(record);
  if (standing !== record) return encodeStoredExecution(standing, scrub);
  const replaced =
    record.supersedes === undefined || landedAny(record)
      ? undefined
      : encodeStoredExecution({ ...standingExecution(record.supersedes), supersedes: undefined }, scrub);
  const encoded = encodeExecution(record, scrub);
  return {
    ...encoded,
    steps: encoded.steps.map((step, index) => {
      const bytes = record.steps[index]?.signedTransaction;
      return bytes === undefined ? step : { ...step, signedTransaction: bytes };
    }),
    ...(record.attempt === undefined ? {} : { attempt: record.attempt }),
    ...(replaced === undefined ? {} : { supersedes: replaced }),
  };
}

/** A stored record as a registry record (ended for this process until it is recovered). @internal */
export function fromStoredExecution(stored: StoredExecution): ExecutionRecord {
  const { attempt, supersedes, ...rest } = stored;
  const record = toExecutionRecord({
    ...rest,
    steps: rest.steps.map(({ signedTransaction: _bytes, ...step }) => step),
  } as Parameters<typeof toExecutionRecord>[0]);
  stored.steps.forEach((step, index) => {
    if (step.signedTransaction !== undefined)
      (record.steps[index] as { signedTransaction?: string }).signedTransaction = step.signedTransaction;
  });
  if (attempt !== undefined) record.attempt = attempt;
  if (supersedes !== undefined) record.supersedes = fromStoredExecution(supersedes);
  return record;
}
