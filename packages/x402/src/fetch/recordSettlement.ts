// The settlement a paid request's server reports (PAYMENT-RESPONSE): a successful one with a transaction hash marks
// the payment settled in the store; a garbled one leaves it signed (it counts until found unused after expiry).
import { decodePaymentResponseHeader } from "@x402/fetch";
import { type Hash, isHash } from "viem";
import type { X402PaymentStore } from "../store/X402PaymentStore.js";
import type { X402PaymentAttempt } from "./x402PaymentAttempt.js";

/** Records the settlement `response` reports for the attempt's signed payment, if any. @internal */
export async function recordSettlement(
  attempt: X402PaymentAttempt,
  response: Response,
  store: X402PaymentStore,
): Promise<void> {
  if (!attempt.payment || !attempt.signed) return;
  const header = response.headers.get("PAYMENT-RESPONSE");
  if (!header) return;
  try {
    const settled = decodePaymentResponseHeader(header);
    if (settled.success && isHash(settled.transaction)) {
      const patch = { status: "settled" as const, transaction: settled.transaction as Hash };
      attempt.payment = { ...attempt.payment, ...patch };
      await store.update(attempt.payment.nonce, patch);
    }
  } catch {
    // A garbled PAYMENT-RESPONSE leaves the payment signed: it counts until found unused after expiry.
  }
}
