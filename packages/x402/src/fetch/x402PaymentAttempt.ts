// What one request of createX402Fetch learns on its way (the 402 parsed strictly, the requirement the limits
// passed, the payment reserved and whether it was signed, or why it was refused), shared by the steps that the
// reference client calls back: the observing fetch, the requirement selector and its hook, the signer.
import type { ParsedPaymentRequired, PayableRequirement } from "../payment/parsePaymentRequiredHeader.js";
import type { X402PaymentRecord } from "../store/X402PaymentStore.js";

/** One request's payment, as far as it got. @internal */
export interface X402PaymentAttempt {
  /** The server's 402, parsed strictly. */
  parsed?: ParsedPaymentRequired;
  /** Why the payment was refused (thrown again in place of the reference client's error when nothing was signed). */
  refusal?: unknown;
  /** The requirement the limits passed, to be signed. */
  approved?: PayableRequirement;
  /** The payment reserved in the store (signed, or released when signing failed). */
  payment?: X402PaymentRecord;
  /** Whether the authorization was signed: from then on it counts as spent. */
  signed: boolean;
}
