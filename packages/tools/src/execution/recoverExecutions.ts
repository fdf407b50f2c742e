// After a crash or a restart: the signer's records that had not ended when their server stopped are recovered by
// the next server that holds the signer's lock (store.withSignerLock: no other server is executing for the signer
// then, so a record still `queued` or `running` in the store has no live owner). Each step signed before the stop
// is settled from the chain: mined → success / reverted; known to the node → pending (sent); unknown to the node
// and its nonce unused → its stored signed bytes are broadcast again (same hash: never a second transaction);
// unknown and its nonce taken by another transaction → failed, never mined (and never will be). Steps never signed
// are skipped, and their reserved spends released.
import type { ExecutionContext as ToolContext, ExecutionRuntime as ToolRuntime } from "./executionContext.js";
import type { ExecutionRecord, StepRecord } from "./executionRegistry.js";
import { flowSpendKey } from "./flowSpendKey.js";
import { markInterrupted, settleOutcome } from "./interruptedExecution.js";
import { RESOLVE_BOUND_MS, type ReceiptReader, settleFromChain } from "./settleFromChain.js";
import { settleSpends } from "./settleSpends.js";

/** The step's code once its nonce was used by another transaction. @internal */
export const NONCE_USED_CODE = "NONCE_USED_BY_ANOTHER_TRANSACTION";

/** The chain reads recovery makes (viem's public actions). @internal */
export interface RecoveryClient {
  getTransactionReceipt(parameters: { hash: `0x${string}` }): Promise<{
    status: "success" | "reverted";
    blockNumber: bigint;
    gasUsed: bigint;
  }>;
  request?: ReceiptReader["request"];
  getTransaction(parameters: { hash: `0x${string}` }): Promise<unknown>;
  getTransactionCount(parameters: { address: `0x${string}`; blockTag: "latest" }): Promise<number>;
  sendRawTransaction(parameters: { serializedTransaction: `0x${string}` }): Promise<`0x${string}`>;
}

const withBound = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([
    promise.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref?.()),
  ]);

/**
 * Recovers one record's steps from the chain (see the file comment). Resolves whether anything changed; never
 * rejects (a lookup that fails leaves the step pending). @internal
 */
export async function recoverSteps(
  record: ExecutionRecord,
  client: RecoveryClient,
  signer: `0x${string}`,
): Promise<boolean> {
  let changed = await settleFromChain(record, client, Date.now() + RESOLVE_BOUND_MS);
  const open = record.steps.filter(
    (step): step is StepRecord & { hash: string } => step.status === "pending" && step.hash !== null,
  );
  if (open.length === 0) return changed;
  const latest = await withBound(
    client.getTransactionCount({ address: signer, blockTag: "latest" }),
    RESOLVE_BOUND_MS,
  );
  for (const step of open) {
    const hash = step.hash as `0x${string}`;
    const known = await withBound(client.getTransaction({ hash }), RESOLVE_BOUND_MS);
    if (known) {
      if (step.sent !== true) changed = true;
      step.sent = true;
      continue;
    }
    if (latest === undefined || step.nonce === undefined) continue;
    if (latest > step.nonce) {
      // Its nonce is used and the chain has no receipt of it: another transaction took the nonce.
      Object.assign(step, {
        status: "failed",
        sent: false,
        code: NONCE_USED_CODE,
        error: `never mined: its nonce ${step.nonce} was used by another transaction of the signer, so ${hash} can never be mined (nothing of it was spent)`,
      });
      delete step.signedTransaction;
      changed = true;
    } else if (step.signedTransaction !== undefined) {
      const sent = await withBound(
        client
          .sendRawTransaction({ serializedTransaction: step.signedTransaction as `0x${string}` })
          .then(() => true)
          .catch((error: unknown) =>
            /already known|known transaction/i.test(String((error as Error)?.message)),
          ),
        RESOLVE_BOUND_MS,
      );
      if (sent) {
        step.sent = true;
        step.code = "TRANSACTION_PENDING";
        step.error = `sent again from its stored signed bytes after a restart (same hash ${hash}); ask get_flow_status for its receipt and do not execute the flow again`;
        changed = true;
      }
    }
  }
  if (changed) {
    settleOutcome(record, new Date().toISOString());
    // A step settled now may already have its receipt.
    await settleFromChain(record, client, Date.now() + RESOLVE_BOUND_MS);
  }
  return changed;
}

/**
 * Recovers the signer's records that no live server runs (call it holding the signer's lock): those not ended are
 * marked interrupted and recovered, their never-signed steps' spends released; ended ones with a step signed but
 * never acknowledged are recovered too. Never rejects: a store that fails leaves them as they are. @internal
 */
export async function recoverExecutions(context: ToolContext, runtime: ToolRuntime): Promise<void> {
  const signer = runtime.account?.address;
  if (signer === undefined) return;
  let records: ExecutionRecord[];
  try {
    records = await context.executions.refreshOpen();
  } catch {
    return;
  }
  for (const record of records) {
    if (record.local) continue;
    const stopped = record.state !== "done";
    const unacknowledged = record.steps.some(
      (step) => step.status === "pending" && step.sent !== true && step.signedTransaction !== undefined,
    );
    if (!stopped && !unacknowledged) continue;
    if (stopped) {
      markInterrupted(record, new Date().toISOString());
      context.log(
        `flow ${record.flowId}: its server stopped before it ended; its steps are read from the chain`,
      );
    }
    await recoverSteps(record, runtime.client as unknown as RecoveryClient, signer);
    await context.executions.changed(record);
    await settleSpends(record, runtime);
    // Steps never signed spend nothing (their reservations are released).
    if (stopped && record.attempt !== undefined && runtime.policy?.ledger) {
      for (const step of record.steps) {
        if (step.hash === null) {
          await runtime.policy.ledger
            .release(flowSpendKey(record.flowId, step.index, record.attempt))
            .catch(() => undefined);
        }
      }
    }
  }
}
