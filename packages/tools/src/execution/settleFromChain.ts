// An ended execution record is settled from the chain whenever it is read (get_flow_status, a replay, the first
// use after a start-up): each pending step with a hash is looked up by receipt and becomes success / reverted
// (sent: true) once mined; without a receipt it stays pending. Bounded by the caller's deadline.
import { cip64FeePaid } from "@preflow/core";
import type { ExecutionRecord, StepRecord } from "./executionRegistry.js";
import { NO_RECEIPT, settleOutcome } from "./interruptedExecution.js";

/** The longest a receipt lookup of a `get_flow_status` or re-execution may take. @internal */
export const RESOLVE_BOUND_MS = 10_000;

const NOT_MINED =
  "sent (or being sent); the chain has no receipt for it yet: it may still be mined. Ask get_flow_status again later and do not execute the flow again";

const NOT_ACKNOWLEDGED =
  "signed, but the node never acknowledged it and the chain has no receipt for it: executing the flow again (without force) sends the same signed bytes again (same hash, never a second transaction)";

/** Whether a record has ended (for this process) with a step whose outcome the chain may now know. @internal */
export function needsSettling(record: ExecutionRecord): boolean {
  return record.state === "done" && record.steps.some((step) => isOpen(step));
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
  /**
   * The raw JSON-RPC request (viem's `request`): a mined step's receipt as the node returns it, read once more for
   * what a CIP-64 step paid in its fee currency (`fee_paid`). Absent: no `fee_paid`.
   */
  request?: (parameters: {
    method: "eth_getTransactionReceipt";
    params: [`0x${string}`];
  }) => Promise<unknown>;
}

const TIMED_OUT = Symbol("timed out");
const inFlight = new WeakMap<ExecutionRecord, Promise<boolean>>();

/**
 * Looks up the receipt of every pending step of an ended record (one request each, in parallel; usually one:
 * execution stops at the first step that is not done), within `min(deadline, now + RESOLVE_BOUND_MS)`, and
 * settles the record's outcome. A step without a receipt, or whose lookup failed or took too long, stays
 * `pending`. Concurrent calls share one lookup. Resolves whether the record changed; never rejects. @internal
 */
export function settleFromChain(
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
  const when = record.interrupted ? " when the tool server stopped" : "";
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
          step.error = `sent (or being sent)${when}; its receipt could not be looked up now (no answer within ${bound} ms): ask get_flow_status again and do not execute the flow again`;
          return;
        }
        step.status = receipt.status === "success" ? "success" : "reverted";
        step.sent = true;
        step.blockNumber = receipt.blockNumber.toString();
        step.gasUsed = receipt.gasUsed.toString();
        if (client.request) {
          const raw = await client
            .request({ method: "eth_getTransactionReceipt", params: [step.hash as `0x${string}`] })
            .catch(() => undefined);
          const feePaid = cip64FeePaid(raw);
          if (feePaid) step.feePaid = { feeCurrency: feePaid.feeCurrency, amount: feePaid.amount };
        }
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
            ? record.interrupted
              ? NO_RECEIPT
              : step.signedTransaction !== undefined && step.sent !== true
                ? NOT_ACKNOWLEDGED
                : NOT_MINED
            : `sent (or being sent)${when}; its receipt could not be looked up now (the RPC endpoint failed): ask get_flow_status again and do not execute the flow again`;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  if (changed) settleOutcome(record, new Date().toISOString());
  return changed;
}
