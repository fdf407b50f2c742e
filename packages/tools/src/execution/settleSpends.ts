// The ledger follows what the chain says of a record's steps, also when they are settled later (get_flow_status,
// a restart): a mined CIP-64 step's fee replaces the fee.max reserved for it; a step certainly never sent is
// released (its attempt's key). Idempotent; never rejects.
import type { ExecutionRuntime as ToolRuntime } from "./executionContext.js";
import type { ExecutionRecord } from "./executionRegistry.js";
import { flowSpendKey } from "./flowSpendKey.js";
import { neverSent } from "./stepSent.js";

/** Brings the ledger in line with the record's steps (see the file comment). @internal */
export async function settleSpends(record: ExecutionRecord, runtime: ToolRuntime): Promise<void> {
  const ledger = runtime.policy?.ledger;
  if (!ledger) return;
  for (const step of record.steps) {
    try {
      if (step.hash !== null && step.feePaid) await ledger.settleFee(step.hash, BigInt(step.feePaid.amount));
      else if (step.hash !== null && neverSent(step) && record.attempt !== undefined)
        await ledger.release(flowSpendKey(record.flowId, step.index, record.attempt));
    } catch {
      // A store that fails now is read again on the next settle.
    }
  }
}
