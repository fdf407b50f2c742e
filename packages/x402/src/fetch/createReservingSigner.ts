// The signer the reference scheme signs with: it signs only an EIP-3009 TransferWithAuthorization of the
// requirement the limits passed, valid at most maxTimeoutSeconds, and only after the payment is reserved in the
// store (perDay checked) with the authorization's own nonce. A payment counts as spent from the signature on; one
// whose signing fails is released at once.
import { formatAmount } from "@preflow/core";
import type { Hex, LocalAccount } from "viem";
import { InvalidPaymentRequiredError } from "../errors/InvalidPaymentRequiredError.js";
import { X402PaymentRefusedError } from "../errors/X402PaymentRefusedError.js";
import type { PayableRequirement } from "../payment/parsePaymentRequiredHeader.js";
import { CELO_NETWORK } from "../payment/payableTokens.js";
import type { X402PaymentRecord, X402PaymentStore } from "../store/X402PaymentStore.js";
import type { ParsedX402Limits } from "./parseX402Limits.js";
import type { X402PaymentAttempt } from "./x402PaymentAttempt.js";

const DAY_SECONDS = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

type TypedData = Parameters<LocalAccount["signTypedData"]>[0];

/** What {@link createReservingSigner} needs. @internal */
export interface ReservingSignerParameters {
  account: LocalAccount;
  /** The account's address, checksummed. */
  payer: Hex;
  attempt: X402PaymentAttempt;
  limits: ParsedX402Limits;
  store: X402PaymentStore;
  /** The URL as records and errors show it (redacted, no query). */
  shownUrl: string;
  host: string;
  /** Releases expired unused payments before a perDay check. */
  releaseExpired: () => Promise<number>;
}

/** The reference scheme's signer for one request. @internal */
export function createReservingSigner(parameters: ReservingSignerParameters) {
  const { account, attempt, store } = parameters;
  return {
    address: account.address,
    async signTypedData(typedData: TypedData) {
      const approved = checkAuthorization(attempt, parameters.limits, typedData);
      const record = await reservePayment(parameters, approved, typedData.message as Record<string, unknown>);
      attempt.payment = record;
      try {
        const signature = await account.signTypedData(typedData);
        attempt.signed = true;
        return signature;
      } catch (error) {
        await store.update(record.nonce, { status: "released", releasedBecause: "not signed" });
        attempt.payment = { ...record, status: "released", releasedBecause: "not signed" };
        throw error;
      }
    },
  };
}

/** The requirement the limits passed, when `typedData` is an EIP-3009 transfer of exactly it; else the refusal. */
function checkAuthorization(
  attempt: X402PaymentAttempt,
  limits: ParsedX402Limits,
  typedData: TypedData,
): PayableRequirement {
  const approved = attempt.approved;
  const message = typedData.message as Record<string, unknown>;
  if (
    !approved ||
    typedData.primaryType !== "TransferWithAuthorization" ||
    String(message.to).toLowerCase() !== approved.payTo.toLowerCase() ||
    BigInt(String(message.value)) !== approved.amount ||
    typeof message.nonce !== "string" ||
    !/^0x[0-9a-fA-F]{64}$/.test(message.nonce) ||
    !/^\d{1,20}$/.test(String(message.validBefore)) ||
    BigInt(String(message.validBefore)) > BigInt(nowSeconds() + limits.maxTimeoutSeconds)
  ) {
    const refusal = new InvalidPaymentRequiredError({
      field: "assetTransferMethod",
      value: String(typedData.primaryType),
      rule: `must be an EIP-3009 TransferWithAuthorization of the requirement the limits passed, valid at most ${limits.maxTimeoutSeconds} s`,
    });
    attempt.refusal = refusal;
    throw refusal;
  }
  return approved;
}

/** Reserves the payment in the store under perDay (expired unused ones released first); a refusal is kept and thrown. */
async function reservePayment(
  parameters: ReservingSignerParameters,
  approved: PayableRequirement,
  message: Record<string, unknown>,
): Promise<X402PaymentRecord> {
  const { attempt, store, payer } = parameters;
  const perDay = parameters.limits.perDay.get(approved.token.symbol);
  const now = nowSeconds();
  if (perDay !== undefined) await parameters.releaseExpired();
  const record: X402PaymentRecord = {
    nonce: message.nonce as Hex,
    status: "signed",
    signedAt: now,
    validBefore: Number(message.validBefore),
    url: parameters.shownUrl,
    network: CELO_NETWORK,
    token: approved.token.symbol,
    asset: approved.token.address,
    amount: approved.amount.toString(),
    payTo: approved.payTo,
    payer,
  };
  let reserved: boolean;
  try {
    reserved = await store.reserve(record, { since: now - DAY_SECONDS, perDay });
  } catch (error) {
    // A store may refuse with its own typed error (the tool server's caps): nothing is signed.
    attempt.refusal = error;
    throw error;
  }
  if (reserved) return record;
  const spent = (await store.list({ payer, since: now - DAY_SECONDS }))
    .filter((p) => p.token === record.token && p.status !== "released")
    .reduce((sum, p) => sum + BigInt(p.amount), 0n);
  const refusal = new X402PaymentRefusedError({
    rule: "perDay",
    amount: formatAmount(approved.amount, approved.token.decimals),
    token: approved.token.symbol,
    payTo: approved.payTo,
    host: parameters.host,
    limit: formatAmount(perDay ?? 0n, approved.token.decimals),
    spent: formatAmount(spent, approved.token.decimals),
  });
  attempt.refusal = refusal;
  throw refusal;
}
