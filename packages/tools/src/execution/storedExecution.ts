// An execution record as the store keeps it: the executions.json format (executionsFile.ts, decoded the same strict
// way) plus each unacknowledged step's signed bytes (write-ahead) and the attempt's id. The store's bytes are
// untrusted like the file's (a hand edit, another version): decoding never throws and never accepts a wrong shape.
import { isRecord } from "@preflow/errors";
import type { StoredExecution } from "../store/types.js";
import type { ExecutionRecord } from "./executionRegistry.js";
import { decodeExecution, encodeExecution, toExecutionRecord } from "./executionsFile.js";

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
): { ok: true; record: StoredExecution } | { ok: false; problem: string } {
  if (!isRecord(value)) return { ok: false, problem: "(entry): not an object" };
  const { attempt, ...rest } = value;
  if (attempt !== undefined && (typeof attempt !== "string" || !ATTEMPT.test(attempt))) {
    return { ok: false, problem: "attempt: invalid" };
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
  };
  return { ok: true, record };
}

/** A registry record as stored: the file's encoding (texts scrubbed and cut) plus the signed bytes and attempt. @internal */
export function encodeStoredExecution(
  record: ExecutionRecord,
  scrub: (text: string) => string,
): StoredExecution {
  const encoded = encodeExecution(record, scrub);
  return {
    ...encoded,
    steps: encoded.steps.map((step, index) => {
      const bytes = record.steps[index]?.signedTransaction;
      return bytes === undefined ? step : { ...step, signedTransaction: bytes };
    }),
    ...(record.attempt === undefined ? {} : { attempt: record.attempt }),
  };
}

/** A stored record as a registry record (ended for this process until it is recovered). @internal */
export function fromStoredExecution(stored: StoredExecution): ExecutionRecord {
  const { attempt, ...rest } = stored;
  const record = toExecutionRecord({
    ...rest,
    steps: rest.steps.map(({ signedTransaction: _bytes, ...step }) => step),
  } as Parameters<typeof toExecutionRecord>[0]);
  stored.steps.forEach((step, index) => {
    if (step.signedTransaction !== undefined)
      (record.steps[index] as { signedTransaction?: string }).signedTransaction = step.signedTransaction;
  });
  if (attempt !== undefined) record.attempt = attempt;
  return record;
}
