import { withTimeout } from "@preflow/errors";
import type { Hex } from "viem";
import { CHAIN_ID } from "../../chain.js";
import { toTransactionRequest } from "../../flow/toTransactionRequest.js";
import type { ExecutedStep } from "../transaction/executePreparedFlow/types.js";
import { classifyWalletFailure } from "./classifyWalletFailure.js";
import { pollWallet } from "./pollWallet.js";
import { callsStatusCode, quantity } from "./walletAnswers.js";
import { WALLET_REQUEST_TIMEOUT_MS, type WalletSendContext } from "./walletSendContext.js";

/**
 * Wallet answers to `wallet_sendCalls` that mean "not this way" (nothing was sent): method not found or not
 * supported, unsupported non-optional capability (the fee currency), chain, atomicity, or batch size.
 */
const NOT_THIS_WAY = new Set([-32601, 4200, 5700, 5710, 5740, 5750]);

type CallsReceipt = { transactionHash?: unknown; status?: unknown; blockNumber?: unknown; gasUsed?: unknown };

/** A random ERC-5792 batch id (32 bytes), chosen before the request so a lost answer can be looked up. */
function newCallsId(): Hex {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return `0x${[...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

function settleFromReceipt(
  step: ExecutedStep,
  receipt: CallsReceipt | undefined,
  batchFailed: boolean,
): void {
  const hash = typeof receipt?.transactionHash === "string" ? receipt.transactionHash : undefined;
  step.sent = true;
  if (hash && HASH.test(hash)) step.hash = hash.toLowerCase() as Hex;
  const blockNumber = quantity(receipt?.blockNumber);
  if (blockNumber !== undefined) step.blockNumber = blockNumber;
  const reverted =
    receipt?.status === "0x0" || receipt?.status === 0 || (receipt === undefined && batchFailed);
  if (reverted || batchFailed) {
    step.status = "reverted";
    step.code = "TRANSACTION_REVERTED";
    step.error = "the batch reverted on chain: none of its calls took effect";
  } else {
    step.status = "success";
    delete step.code;
  }
}

/**
 * Sends the flow as one atomic ERC-5792 batch and polls `wallet_getCallsStatus` until it is final or the wait
 * ends, writing each step's outcome. Returns `"unsupported"` when the wallet answered that it does not take the
 * batch this way (nothing was sent: the caller sends one transaction per step). @internal
 */
export async function sendFlowAsCalls(
  context: WalletSendContext,
): Promise<"unsupported" | { callsId: Hex; aborted: boolean }> {
  const { client, account, flow, steps, feeCurrency, signal } = context;
  const callsId = newCallsId();
  const calls = flow.steps.map((step) => {
    const { to, data, value } = toTransactionRequest(step);
    return { to, data, value: `0x${value.toString(16)}` };
  });
  let sent: true | "unknown" = true;
  let lastError: string | undefined;
  try {
    await withTimeout(
      client.request(
        {
          method: "wallet_sendCalls",
          params: [
            {
              version: "2.0.0",
              id: callsId,
              chainId: `0x${CHAIN_ID.toString(16)}`,
              from: account.address,
              atomicRequired: true,
              calls,
              ...(feeCurrency ? { capabilities: { feeCurrency: { value: feeCurrency } } } : {}),
            },
          ],
        } as never,
        { retryCount: 0 },
      ),
      WALLET_REQUEST_TIMEOUT_MS + context.receiptTimeoutMs,
      undefined,
      "wallet_sendCalls",
    );
  } catch (error) {
    const { kind, facts } = classifyWalletFailure(error);
    if (kind === "refused" && NOT_THIS_WAY.has(facts.rpcCode ?? 0)) return "unsupported";
    if (kind !== "unknown") {
      for (const step of steps) {
        step.status = "failed";
        step.sent = false;
        step.code = kind === "refused" ? "TRANSACTION_REJECTED" : "TRANSACTION_NOT_SENT";
        step.error = `the wallet did not send the batch: ${facts.reason}`;
      }
      return { callsId, aborted: false };
    }
    sent = "unknown";
    lastError = facts.reason;
  }

  const settled = await pollWallet(
    context,
    "wallet_getCallsStatus",
    [callsId],
    (answer) => {
      const status = answer as { status?: unknown; receipts?: unknown } | null;
      const code = callsStatusCode(status?.status);
      if (code === undefined || code < 200) {
        sent = true; // the wallet knows the batch
        return undefined;
      }
      const receipts = (Array.isArray(status?.receipts) ? status.receipts : []) as CallsReceipt[];
      if (code === 400) {
        // Not included on chain, and the wallet will not retry: nothing of it is on chain.
        for (const step of steps) {
          step.status = "failed";
          step.sent = false;
          step.code = "TRANSACTION_REJECTED";
          step.error =
            "the wallet reports the batch failed off chain (status 400): nothing of it is on chain";
        }
        return true;
      }
      const perStep = receipts.length === steps.length && steps.length > 1;
      const batchFailed = code >= 300;
      for (const step of steps) {
        settleFromReceipt(step, perStep ? receipts[step.index] : receipts[0], batchFailed && !perStep);
      }
      return true;
    },
    (error) => {
      lastError = classifyWalletFailure(error).facts.reason;
    },
  );
  if (settled) return { callsId, aborted: false };
  const why = signal?.aborted ? "the wait was aborted" : "no final status by the deadline";
  for (const step of steps) {
    step.status = "pending";
    step.sent = sent;
    step.code = sent === true ? "TRANSACTION_PENDING" : "TRANSACTION_OUTCOME_UNKNOWN";
    step.error = `batch ${callsId}: ${why}${lastError ? ` (last error: ${lastError})` : ""}; look it up with wallet_getCallsStatus before sending again`;
  }
  return { callsId, aborted: signal?.aborted === true };
}
