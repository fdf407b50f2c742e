// Settle one sent step: poll its receipt (back-off on errors) until it is there, the wait ends or the signal
// aborts; a step whose send's answer was lost becomes `sent: true` as soon as the node knows its hash.

import { sleep, withTimeout } from "@preflow/errors";
import type { Hash } from "viem";
import { cip64FeePaid } from "../../../fees/signCip64Step.js";
import { describeFailure, isAbort, isKnown, REQUEST_TIMEOUT_MS, rawRequest } from "./requests.js";
import type { StepContext } from "./stepContext.js";
import type { ExecutedStep } from "./types.js";

/** Back-off of receipt polls after an error, up to this. */
const MAX_BACKOFF_MS = 2_000;
/** After an abort, one last look at the receipt, this long at most. */
const FINAL_LOOK_MS = 1_000;

/**
 * Polls the receipt of `step.hash` (back-off on errors) until it arrives, `receiptTimeoutMs` ends or the signal
 * aborts, and writes the outcome into `step`: `success`/`reverted` (`sent: true`) with its block and gas, else
 * `pending` with why. `sendError` is the lost answer of the send, if any (for the message). @internal
 */
export async function settleStep(
  context: StepContext,
  step: ExecutedStep,
  sendError?: unknown,
): Promise<void> {
  const hash = step.hash as Hash;
  const { client, signal, receiptTimeoutMs, rpcUrl, total, notify } = context;
  const interval = Math.min(Math.max(client.pollingInterval ?? 500, 100), 2_000);
  const deadline = Date.now() + receiptTimeoutMs;
  let delay = interval;
  let lastError: unknown;

  const look = async (bound: number, abortable: boolean): Promise<boolean> => {
    const raw = await withTimeout(
      rawRequest(client, "eth_getTransactionReceipt", [hash]),
      bound,
      abortable ? signal : undefined,
      "eth_getTransactionReceipt",
    );
    if (raw !== null && raw !== undefined) {
      const receipt = parseReceipt(raw);
      if (!receipt) throw new Error("the node returned a malformed receipt");
      step.sent = true;
      delete step.signedTransaction;
      step.status = receipt.status;
      step.blockNumber = receipt.blockNumber.toString();
      step.gasUsed = receipt.gasUsed.toString();
      const feePaid = cip64FeePaid(raw);
      if (feePaid) step.feePaid = feePaid;
      if (receipt.status === "reverted") {
        step.code = "TRANSACTION_REVERTED";
        step.error = `transaction ${hash} reverted on chain`;
      } else {
        delete step.code;
        delete step.error;
      }
      return true;
    }
    if (
      step.sent === "unknown" &&
      (await isKnown(client, hash, Math.min(bound, REQUEST_TIMEOUT_MS))) === true
    ) {
      step.sent = true;
      delete step.signedTransaction;
      await notify({ phase: "sent", index: step.index, total, hash });
    }
    return false;
  };

  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal?.aborted) break;
    try {
      if (await look(Math.min(remaining, REQUEST_TIMEOUT_MS), true)) return;
      delay = interval;
    } catch (error) {
      if (isAbort(error, signal)) break;
      lastError = error;
      delay = Math.min(delay * 2, MAX_BACKOFF_MS);
    }
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())), signal);
  }
  if (signal?.aborted) {
    try {
      if (await look(FINAL_LOOK_MS, false)) return;
    } catch {
      // the step stays pending
    }
  }

  step.status = "pending";
  const why = signal?.aborted
    ? "the execution was aborted while waiting for its receipt"
    : `no receipt within ${receiptTimeoutMs} ms${lastError ? ` (last poll: ${describeFailure(lastError, rpcUrl)})` : ""}`;
  if (step.sent === true) {
    step.code = "TRANSACTION_PENDING";
    step.error = `sent as ${hash}, ${why}; it may still be mined: look it up by its hash before sending again`;
  } else {
    step.code = "TRANSACTION_OUTCOME_UNKNOWN";
    const lost =
      sendError === undefined
        ? "its send was not confirmed"
        : `the answer to the send was lost (${describeFailure(sendError, rpcUrl)})`;
    step.error = `${lost} and the node did not confirm ${hash}; ${why}; it may still be mined: look it up by its hash before sending again`;
  }
}

function parseReceipt(
  raw: unknown,
): { status: "success" | "reverted"; blockNumber: bigint; gasUsed: bigint } | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { status, blockNumber, gasUsed } = raw as Record<string, unknown>;
  const quantity = (value: unknown) => typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value);
  if ((status !== "0x1" && status !== "0x0") || !quantity(blockNumber) || !quantity(gasUsed))
    return undefined;
  return {
    status: status === "0x1" ? "success" : "reverted",
    blockNumber: BigInt(blockNumber as string),
    gasUsed: BigInt(gasUsed as string),
  };
}
