// A record loaded from the state directory that had not ended when its server stopped (queued or running) is
// not "not sent": a step with a hash may be on chain. It is reported as the chain tells: its steps with a hash
// are looked up by receipt (success / reverted, or still pending when there is no receipt yet), steps never
// signed are skipped (never sent), and the record is marked `interrupted`.
import type { ExecutionRecord, StepRecord } from "./executionRegistry.js";

/** The longest a receipt lookup of a `get_flow_status` or re-execution may take. @internal */
export const RESOLVE_BOUND_MS = 10_000;

const NOT_SENT = "not sent: the tool server stopped before this step was signed";
const NO_RECEIPT =
  "sent (or being sent) when the tool server stopped; the chain has no receipt for it yet: it may still be mined. Ask get_flow_status again later and do not execute the flow again";

/**
 * Marks a record whose server stopped before it ended: `interrupted`, ended for this process, steps never
 * signed `skipped`, outcome from its steps (see {@link settleInterrupted}). @internal
 */
export function markInterrupted(record: ExecutionRecord, now: string): void {
  record.interrupted = true;
  record.state = "done";
  for (const step of record.steps) {
    if (step.status === "queued" && step.hash === null) {
      step.status = "skipped";
      step.sent = false;
      step.code = "NOT_ATTEMPTED";
      step.error = NOT_SENT;
    } else if (step.status === "pending" || step.status === "queued") {
      // A step with a hash, or one that may have left (a hand-made file): its outcome is the chain's.
      step.status = "pending";
      step.sent ??= "unknown";
      step.code = step.sent === true ? "TRANSACTION_PENDING" : "TRANSACTION_OUTCOME_UNKNOWN";
      step.error = NO_RECEIPT;
    }
  }
  settleInterrupted(record, now);
}

/**
 * The outcome of an interrupted record from its steps: `success` when all succeeded, `pending` while the first
 * step that did not succeed is pending, else `failed` (reverted, or stopped before a step was sent). @internal
 */
export function settleInterrupted(record: ExecutionRecord, now: string): void {
  const stopped = record.steps.find((step) => step.status !== "success");
  if (!stopped) record.outcome = "success";
  else if (stopped.status === "pending") record.outcome = "pending";
  else record.outcome = "failed";
  record.finishedAt = record.outcome === "pending" ? null : (record.finishedAt ?? now);
}

/** Whether a record is interrupted and has a step whose outcome the chain may now know. @internal */
export function needsResolving(record: ExecutionRecord): boolean {
  return record.interrupted === true && record.steps.some((step) => isOpen(step));
}

function isOpen(step: StepRecord): step is StepRecord & { hash: string } {
  return step.status === "pending" && step.hash !== null;
}

/** The receipt lookup, viem's `getTransactionReceipt` (throws `TransactionReceiptNotFoundError` without one). */
export interface ReceiptReader {
  getTransactionReceipt(parameters: { hash: `0x${string}` }): Promise<{
    status: "success" | "reverted";
    blockNumber: bigint;
    gasUsed: bigint;
  }>;
}

const TIMED_OUT = Symbol("timed out");
const inFlight = new WeakMap<ExecutionRecord, Promise<boolean>>();

/**
 * Looks up the receipt of every pending step of an interrupted record (one request each, in parallel; usually
 * one: execution stops at the first step that is not done), within `min(deadline, now + RESOLVE_BOUND_MS)`,
 * and settles the record. A step without a receipt, or whose lookup failed or took too long, stays `pending`.
 * Concurrent calls share one lookup. Resolves whether the record changed; never rejects. @internal
 */
export function resolveInterrupted(
  record: ExecutionRecord,
  client: ReceiptReader,
  deadline: number,
): Promise<boolean> {
  const running = inFlight.get(record);
  if (running) return running;
  const lookup = lookUp(record, client, deadline).finally(() => inFlight.delete(record));
  inFlight.set(record, lookup);
  return lookup;
}

async function lookUp(record: ExecutionRecord, client: ReceiptReader, deadline: number): Promise<boolean> {
  const open = record.steps.filter(isOpen);
  if (open.length === 0) return false;
  const bound = Math.max(0, Math.min(deadline - Date.now(), RESOLVE_BOUND_MS));
  let changed = false;
  await Promise.all(
    open.map(async (step) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const receipt = await Promise.race([
          client.getTransactionReceipt({ hash: step.hash as `0x${string}` }),
          new Promise<typeof TIMED_OUT>((resolve) => {
            timer = setTimeout(() => resolve(TIMED_OUT), bound);
          }),
        ]);
        if (receipt === TIMED_OUT) {
          step.error = `sent (or being sent) when the tool server stopped; its receipt could not be looked up now (no answer within ${bound} ms): ask get_flow_status again and do not execute the flow again`;
          return;
        }
        step.status = receipt.status === "success" ? "success" : "reverted";
        step.sent = true;
        step.blockNumber = receipt.blockNumber.toString();
        step.gasUsed = receipt.gasUsed.toString();
        if (step.status === "success") {
          delete step.code;
          delete step.error;
        } else {
          step.code = "TRANSACTION_REVERTED";
          step.error = `mined in block ${step.blockNumber} with status 0 (reverted)`;
        }
        changed = true;
      } catch (error) {
        const name = (error as { name?: unknown } | null)?.name;
        step.error =
          name === "TransactionReceiptNotFoundError"
            ? NO_RECEIPT
            : "sent (or being sent) when the tool server stopped; its receipt could not be looked up now (the RPC endpoint failed): ask get_flow_status again and do not execute the flow again";
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  if (changed) settleInterrupted(record, new Date().toISOString());
  return changed;
}
