// executePreparedFlow: the orchestration. Checks the parameters and the flow, reads the chain and the nonce, then
// sends the steps in order (sendStep.ts) and settles each (settleStep.ts); a dry run goes to dryRun.ts; with
// `resume`, the steps an earlier execution sent are looked up by hash (never sent again) and the rest are sent.
import { withTimeout } from "@preflow/errors";
import type { Chain, Client, Hash, LocalAccount, Transport } from "viem";
import { getChainId, getTransactionCount } from "viem/actions";
import { SdkError } from "../../../errors/base.js";
import { FlowAccountMismatchError } from "../../../errors/flowAccount.js";
import { parsePreparedFlow } from "../../../flow/parsePreparedFlow.js";
import { toTransactionRequest } from "../../../flow/toTransactionRequest.js";
import { batchOnClient } from "../../../rpc/batchOnClient.js";
import { checkChainId } from "../../../rpc/checkChainId.js";
import { endpointOf } from "../../../rpc/endpointOf.js";
import { toRpcError } from "../../../rpc/toRpcError.js";
import { checkParameters, parseResume, type ResumedStep } from "./checkParameters.js";
import { dryRun as simulateSteps } from "./dryRun.js";
import { executedFlowResult } from "./executedFlowResult.js";
import { DEFAULT_RECEIPT_TIMEOUT_MS, describeFailure, isAbort, REQUEST_TIMEOUT_MS } from "./requests.js";
import { sendStep } from "./sendStep.js";
import { settleCarriedStep } from "./settleCarriedStep.js";
import type { StepContext } from "./stepContext.js";
import type {
  ExecutedStep,
  ExecutePreparedFlowParameters,
  ExecutePreparedFlowReturnType,
  ExecutionStepEvent,
} from "./types.js";

/** How long a progress listener may take per event. */
const LISTENER_TIMEOUT_MS = 5_000;
/** How long `beforeBroadcast` may take per step by default (never longer than the receipt wait). */
const BEFORE_BROADCAST_TIMEOUT_MS = 10_000;

/**
 * Executes a prepared flow with an EOA (a viem local account), step by step, and reports truthfully what
 * happened to each step, even when answers from the RPC are lost.
 *
 * It validates the flow (`parsePreparedFlow`), refuses a flow whose `from` is not `account`
 * ({@link FlowAccountMismatchError}) and a node that does not serve chain 42220, reads the pending nonce once, then for
 * each step in order: fills it (fees, and a gas limit of the node's estimate + 20 %, since the state can change
 * between the estimate and inclusion; unused gas is not charged) with explicit consecutive nonces, signs it
 * locally, takes its hash
 * (`keccak256` of the signed bytes), awaits `beforeBroadcast` (if given: the caller's write-ahead record, which can
 * refuse the send) and reports it (`signed` event) BEFORE `eth_sendRawTransaction`, sends it, and polls its receipt.
 * It stops at the first step that does not succeed; later steps are `skipped` and never signed. A step the
 * `beforeBroadcast` hook refused, or did not answer for within `beforeBroadcastTimeoutMs`, is `failed` with
 * `sent: false` (`BROADCAST_VETOED` / `BROADCAST_HOOK_TIMEOUT`) and the hash it would have had.
 *
 * When the answer to a send is lost (socket closed, HTTP 5xx, timeout) it asks the node for the transaction by
 * its hash, re-sends the same signed bytes (same hash, never a second transaction) and keeps polling the receipt,
 * so the step ends `success`/`reverted` when it was mined, `pending` (`sent: true` or `"unknown"`) with its hash
 * when that is not known yet, and `failed` (`sent: false`) only when nothing left the process or the node refused
 * the transaction and does not know its hash. Receipt polls survive error bursts (back-off until
 * `receiptTimeoutMs`). `signal` stops before the next step: the reads before a step is signed (chain check and
 * nonce, filling; a dry run's simulation) are raced against it, so an abort answers `status: "aborted"` at once;
 * a step already signed is reported with its hash (sent, pending or settled), never dropped.
 *
 * A result that is not `success` can be continued: pass it back as `resume` (with the same flow). The steps it
 * sent (or may have sent) are looked up on chain by hash and never sent again: a pending one is waited for (up to
 * `receiptTimeoutMs`) and becomes `success`/`reverted` once mined; the steps after the landed ones are signed and
 * sent with the account's next nonce. A step still pending, or one that reverted, stops it there as usual.
 *
 * With `dryRun: true` nothing is signed or sent: the steps are simulated in order on one state with
 * `eth_simulateV1` (falling back to one `eth_estimateGas` per step when the node lacks it).
 *
 * HTTP requests: 1 for the chain check and the nonce (one JSON-RPC batch when the client's transport batches,
 * else 2), then per step 1 to fill it (`eth_fillTransaction`; a gas estimate and fee reads on nodes without it),
 * 1 to send and 1 per receipt poll (every `client.pollingInterval`, 100 ms to 2 s): 7 for a two-step flow on the
 * devnet. Dry run: 1 (`eth_simulateV1`, the client's one-time chain check folded into the same batch until this
 * viem client has verified its chain), plus one estimate per step on nodes without it.
 * Resume: the client's one-time chain check (no request once verified), 1 receipt lookup per step sent before
 * (more polls while one is pending), 1 nonce read before the first step it sends, then the costs per step above.
 * `beforeBroadcast` costs no request. Every wait is bounded: 10 s per request before a step is sent,
 * `beforeBroadcastTimeoutMs` (default 10 s) per `beforeBroadcast`, `receiptTimeoutMs` per receipt.
 *
 * @param client - A viem client on chain 42220 (for example `createSdkClient().publicClient`).
 * @param parameters - {@link ExecutePreparedFlowParameters}.
 * @returns {@link ExecutePreparedFlowReturnType}: the status of every step, with its hash once signed.
 * @throws {@link ExecutePreparedFlowErrorType}, only before anything is signed (a chain or nonce read that fails
 *   or takes longer than 10 s is an `RpcError`).
 *
 * @example
 * ```ts
 * import { createSdkClient, executePreparedFlow } from "@preflow/core";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const account = privateKeyToAccount(process.env.CHAIN_PRIVATE_KEY as `0x${string}`);
 * const sdk = createSdkClient({ attributionTags: ["my_app"] });
 * const flow = await sdk.transaction.prepareSend(account.address, to, "USDm", "1.5");
 * const result = await executePreparedFlow(sdk.publicClient, {
 *   account,
 *   flow,
 *   onStep: (event) => { if (event.phase === "signed") console.log("hash", event.hash); },
 * });
 * // { status: "success", steps: [{ index: 0, hash: "0x…", sent: true, status: "success", ... }], ... }
 * if (result.status === "pending" || result.status === "aborted") {
 *   // not "failed": continue it later; the steps it sent are looked up by hash, never sent again
 *   const continued = await executePreparedFlow(sdk.publicClient, { account, flow, resume: result });
 * }
 * ```
 */
export async function executePreparedFlow(
  client: Client<Transport, Chain | undefined>,
  parameters: ExecutePreparedFlowParameters,
): Promise<ExecutePreparedFlowReturnType> {
  checkParameters(client, parameters);
  const { account, dryRun = false, signal, onStep, beforeBroadcast } = parameters;
  const receiptTimeoutMs = parameters.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS;
  const beforeBroadcastTimeoutMs =
    parameters.beforeBroadcastTimeoutMs ?? Math.min(BEFORE_BROADCAST_TIMEOUT_MS, receiptTimeoutMs);
  const flow = parsePreparedFlow(parameters.flow);
  if (flow.from.toLowerCase() !== account.address.toLowerCase()) {
    throw new FlowAccountMismatchError({ from: flow.from, account: account.address, accountKind: "signer" });
  }
  const resumed = parameters.resume === undefined ? undefined : parseResume(parameters.resume, flow);
  const rpcUrl = endpointOf(client);
  const total = flow.steps.length;
  const steps: ExecutedStep[] = flow.steps.map((step, index) => {
    const earlier = resumed?.[index];
    const base = { index, description: step.description, to: step.to };
    // A step the earlier execution sent keeps what is known of it until it is looked up (if the signal stops
    // this one first, the result still says it may be on chain).
    if (earlier && maybeOnChain(earlier)) return carriedOver(base, earlier);
    return { ...base, hash: null, sent: false, status: "skipped", code: "NOT_ATTEMPTED" };
  });
  if (signal?.aborted) return executedFlowResult({ flow, steps, dryRun, aborted: true });

  // The chain check and the nonce, issued in the same tick (one JSON-RPC batch on a batching transport). Raced
  // against the signal: nothing is signed yet, so an abort answers `aborted` at once (the read is dropped). A
  // resumed execution reads the nonce later, once the steps sent before are settled: it takes the client's
  // one-time chain check (no request when this viem client verified its chain already). A dry run reads nothing
  // here: the same check rides in its simulation's batch.
  let nonce: number | undefined;
  if (!dryRun) {
    const method = resumed ? "eth_chainId" : "eth_chainId, eth_getTransactionCount";
    try {
      if (resumed) await withTimeout(batchOnClient(client, []), REQUEST_TIMEOUT_MS, signal, method);
      else {
        const read = Promise.all([
          getChainId(client),
          getTransactionCount(client, { address: account.address, blockTag: "pending" }),
        ]);
        const [chainId, count] = await withTimeout(read, REQUEST_TIMEOUT_MS, signal, method);
        checkChainId(chainId, rpcUrl ?? "(this client's transport)", (reason) =>
          toRpcError(new Error(reason), { rpcUrl: rpcUrl ?? "", method: "eth_chainId" }),
        );
        nonce = count;
      }
    } catch (error) {
      if (isAbort(error, signal)) return executedFlowResult({ flow, steps, dryRun, aborted: true });
      // the chain check's own errors (ChainMismatchError, an RpcError for a malformed answer) as they are
      if (error instanceof SdkError) throw error;
      throw toRpcError(error, { rpcUrl: rpcUrl ?? "", method });
    }
  }

  const notify = boundedListener(onStep);

  if (dryRun) return simulateSteps(client, account.address, flow, steps, notify, rpcUrl, signal);

  // checkParameters made sure a real run has a local account (it signs).
  const context: StepContext = {
    client,
    account: account as LocalAccount,
    signal,
    receiptTimeoutMs,
    rpcUrl,
    total,
    notify,
    beforeBroadcast,
    beforeBroadcastTimeoutMs,
  };
  let aborted = false;
  /** The nonce of the last step found on chain while resuming (the next step takes a later one). */
  let landedNonce = -1;
  for (const [index, prepared] of flow.steps.entries()) {
    if (signal?.aborted) {
      aborted = true;
      break;
    }
    const step = steps[index] as ExecutedStep;
    const earlier = resumed?.[index];
    if (earlier && maybeOnChain(earlier)) {
      // Sent by the earlier execution: looked up by its hash, never signed again.
      await settleCarriedStep(context, step, index);
      if (step.status === "success" && step.nonce !== undefined)
        landedNonce = Math.max(landedNonce, step.nonce);
    } else {
      if (nonce === undefined) {
        // Resuming: the account's next nonce, read after the earlier steps are settled.
        const next = await readResumedNonce(context, step, landedNonce);
        if (next === "aborted") aborted = true;
        if (next === "aborted" || next === "failed") {
          if (next === "failed") await notify({ phase: "done", index, total, step });
          break;
        }
        nonce = next;
      }
      const outcome = await sendStep(
        context,
        step,
        prepared,
        toTransactionRequest(prepared, flow.fee),
        nonce,
      );
      if (outcome === "aborted") {
        aborted = true;
        break;
      }
      if (step.status === "success") nonce += 1;
    }
    await notify({ phase: "done", index, total, step });
    if (step.status !== "success") {
      if (signal?.aborted) aborted = true;
      break;
    }
  }
  return executedFlowResult({ flow, steps, aborted });
}

/**
 * A resumed execution's next nonce: the account's pending nonce, past the last step found on chain. A read that
 * fails fails `step` (`TRANSACTION_NOT_SENT`, nothing sent); one stopped by the signal is `"aborted"`.
 */
async function readResumedNonce(
  context: StepContext,
  step: ExecutedStep,
  landedNonce: number,
): Promise<number | "aborted" | "failed"> {
  const { client, account, signal } = context;
  try {
    const pending = await withTimeout(
      getTransactionCount(client, { address: account.address, blockTag: "pending" }),
      REQUEST_TIMEOUT_MS,
      signal,
      "eth_getTransactionCount",
    );
    return Math.max(pending, landedNonce + 1);
  } catch (error) {
    if (isAbort(error, signal)) return "aborted";
    step.status = "failed";
    step.sent = false;
    step.code = "TRANSACTION_NOT_SENT";
    step.error = `could not read the account's nonce: ${describeFailure(error, context.rpcUrl)}`;
    return "failed";
  }
}

/** The progress listener as the execution calls it: awaited at most LISTENER_TIMEOUT_MS, its errors ignored. */
function boundedListener(
  onStep: ExecutePreparedFlowParameters["onStep"],
): (event: ExecutionStepEvent) => Promise<void> {
  return async (event) => {
    if (!onStep) return;
    try {
      await withTimeout(
        Promise.resolve().then(() => onStep(event)),
        LISTENER_TIMEOUT_MS,
        undefined,
        "onStep",
      );
    } catch {
      // A progress listener must never change what happens on chain.
    }
  };
}

/** Whether an earlier execution sent the step, or may have: it is then looked up, never sent again. */
function maybeOnChain(step: ResumedStep): boolean {
  if (step.hash === null) return false;
  return (
    step.sent !== false ||
    step.status === "success" ||
    step.status === "reverted" ||
    step.status === "pending"
  );
}

/** A step of the earlier execution that may be on chain, as it stands before it is looked up. */
function carriedOver(
  base: Pick<ExecutedStep, "index" | "description" | "to">,
  earlier: ResumedStep,
): ExecutedStep {
  const hash = earlier.hash as Hash;
  const sent = earlier.sent === true || earlier.status === "success" || earlier.status === "reverted";
  const step: ExecutedStep = { ...base, hash, sent: sent ? true : "unknown", status: "pending" };
  if (earlier.nonce !== undefined) step.nonce = earlier.nonce;
  if (!sent && earlier.signedTransaction !== undefined) step.signedTransaction = earlier.signedTransaction;
  if (earlier.status === "success" || earlier.status === "reverted") step.status = earlier.status;
  if (earlier.status === "reverted") step.code = "TRANSACTION_REVERTED";
  if (step.status === "pending") {
    step.code = sent ? "TRANSACTION_PENDING" : "TRANSACTION_OUTCOME_UNKNOWN";
    step.error = `sent by an earlier execution as ${hash}; not looked up again yet: look it up by its hash before sending again`;
  }
  return step;
}
