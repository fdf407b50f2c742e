import { withTimeout } from "@preflow/errors";
import type { Hex } from "viem";
import { sendTransaction } from "viem/actions";
import { toTransactionRequest } from "../../flow/toTransactionRequest.js";
import type { ExecutedStep } from "../transaction/executePreparedFlow/types.js";
import { classifyWalletFailure } from "./classifyWalletFailure.js";
import { pollWallet } from "./pollWallet.js";
import { quantity } from "./walletAnswers.js";
import { WALLET_REQUEST_TIMEOUT_MS, type WalletSendContext } from "./walletSendContext.js";

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Sends one step through the wallet; returns its hash (the wallet's answer). */
async function sendStep(context: WalletSendContext, index: number): Promise<Hex> {
  const { client, account, flow, feeCurrency } = context;
  const { to, data, value } = toTransactionRequest(flow.steps[index]!);
  if (account.type === "local") {
    // viem fills, signs locally (CIP-64 when the client's chain is viem's `celo` and feeCurrency is set) and sends.
    return sendTransaction(
      client as never,
      {
        account,
        chain: null,
        to,
        data,
        value,
        ...(feeCurrency ? { feeCurrency } : {}),
      } as never,
    );
  }
  // A JSON-RPC (browser) wallet fills, signs and sends; feeCurrency goes in the request as is.
  const hash = await client.request(
    {
      method: "eth_sendTransaction",
      params: [
        {
          from: account.address,
          to,
          data,
          value: `0x${value.toString(16)}`,
          ...(feeCurrency ? { feeCurrency } : {}),
        },
      ],
    } as never,
    { retryCount: 0 },
  );
  if (typeof hash !== "string" || !HASH.test(hash)) {
    throw Object.assign(new Error("the wallet answered eth_sendTransaction without a transaction hash"), {
      lost: true,
    });
  }
  return hash as Hex;
}

/** Polls the step's receipt until the deadline (errors only slow it down). */
async function awaitReceipt(
  context: WalletSendContext,
  step: ExecutedStep,
  hash: Hex,
): Promise<"mined" | "pending"> {
  const mined = await pollWallet(context, "eth_getTransactionReceipt", [hash], (answer) => {
    const receipt = answer as { status?: unknown; blockNumber?: unknown; gasUsed?: unknown } | null;
    if (!receipt) return undefined;
    const blockNumber = quantity(receipt.blockNumber);
    const gasUsed = quantity(receipt.gasUsed);
    if (blockNumber !== undefined) step.blockNumber = blockNumber;
    if (gasUsed !== undefined) step.gasUsed = gasUsed;
    if (receipt.status === "0x1") {
      step.status = "success";
      delete step.code;
    } else {
      step.status = "reverted";
      step.code = "TRANSACTION_REVERTED";
      step.error = "the transaction reverted on chain";
    }
    return "mined" as const;
  });
  if (mined) return mined;
  step.status = "pending";
  step.code = "TRANSACTION_PENDING";
  step.error = context.signal?.aborted
    ? "the wait was aborted; look the hash up before sending again"
    : "no receipt within the wait; look the hash up before sending again";
  return "pending";
}

/**
 * Sends the flow one transaction per step, in order, each waited for, stopping at the first step that does
 * not succeed; writes each step's outcome. @internal
 */
export async function sendFlowAsTransactions(context: WalletSendContext): Promise<{ aborted: boolean }> {
  const { steps, signal } = context;
  for (const step of steps) {
    if (signal?.aborted) return { aborted: true };
    let hash: Hex;
    try {
      hash = await withTimeout(
        sendStep(context, step.index),
        WALLET_REQUEST_TIMEOUT_MS + context.receiptTimeoutMs,
        undefined,
        "eth_sendTransaction",
      );
    } catch (error) {
      const { kind, facts } = classifyWalletFailure(error);
      if (kind === "unknown" || (error as { lost?: unknown }).lost === true) {
        step.status = "pending";
        step.sent = "unknown";
        step.code = "TRANSACTION_OUTCOME_UNKNOWN";
        step.error = `the wallet's answer was lost (${facts.reason}); it may have been sent: check the account's transactions before sending again`;
      } else {
        step.status = "failed";
        step.sent = false;
        step.code = kind === "refused" ? "TRANSACTION_REJECTED" : "TRANSACTION_NOT_SENT";
        step.error = `the wallet did not send it: ${facts.reason}`;
      }
      return { aborted: false };
    }
    step.hash = hash.toLowerCase() as Hex;
    step.sent = true;
    if ((await awaitReceipt(context, step, step.hash)) === "pending" || step.status !== "success") {
      return { aborted: signal?.aborted === true };
    }
  }
  return { aborted: false };
}
