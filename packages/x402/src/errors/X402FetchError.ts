import { SdkError, summarizeError } from "@preflow/errors";

/** The payment an {@link X402FetchError} carries: what was signed, its status and its settlement, if known. */
export type X402FetchErrorPayment = {
  /** The EIP-3009 nonce (the payment's key in the store). */
  nonce: string;
  /** `signed`: counts as spent until settled or found unused after `validBefore`; `settled`; `released`. */
  status: "signed" | "settled" | "released";
  /** The settlement transaction the server reported, or `null`. */
  transaction: string | null;
  /** Human decimal amount. */
  amount: string;
  token: string;
  asset: string;
  payTo: string;
  network: string;
  /** Unix seconds after which the authorization can no longer be redeemed. */
  validBefore: number;
};

/** `details` of an {@link X402FetchError}. */
export type X402FetchErrorDetails = {
  url: string;
  /** The server that failed (`host[:port]` of the URL). */
  host: string;
  nonce: string | null;
  signed: boolean;
  stage: "request" | "body";
  payment: X402FetchErrorPayment | null;
};

/**
 * A request through the x402 fetch failed: before any payment was signed (the server did not answer, or
 * answered too slowly), after the payment was signed (the paid retry got no answer), or after the paid answer
 * came (its body broke or did not finish in time: `details.stage` is `"body"`). It names the server
 * (`details.host`), never an RPC endpoint. When a payment was signed, `details.payment` carries it (status,
 * transaction): it counts as spent until settled or found unused on chain after its `validBefore`.
 *
 * @example
 * ```ts
 * import { X402FetchError } from "@preflow/x402";
 *
 * try {
 *   await pay(url);
 * } catch (error) {
 *   if (error instanceof X402FetchError && error.details.payment)
 *     console.error("paid, then failed:", error.details.payment.status, error.details.payment.transaction);
 * }
 * ```
 */
export class X402FetchError extends SdkError<"X402_FETCH_FAILED", X402FetchErrorDetails> {
  override readonly name: string = "X402FetchError";

  constructor(parameters: {
    url: string;
    nonce: string | null;
    signed: boolean;
    cause: unknown;
    payment?: X402FetchErrorPayment | null | undefined;
    stage?: "request" | "body" | undefined;
  }) {
    const { url, nonce, signed, cause, payment = null, stage = "request" } = parameters;
    let host = url;
    try {
      host = new URL(url).host;
    } catch {
      // a URL already cut short by the redactor: named whole
    }
    const reason = summarizeError(cause).reason.slice(0, 200); // redacted: a cause may carry a URL with a key
    const paid = payment
      ? ` The payment of ${payment.amount} ${payment.token} is ${payment.status}${payment.transaction ? ` (transaction ${payment.transaction})` : ""}${payment.status === "signed" ? ": it counts as spent until settled or found unused after it expires" : ""}.`
      : "";
    const message =
      stage === "body"
        ? `The server ${host} answered ${url} but its body failed (${reason}).${paid}`
        : signed
          ? `The paid request to ${url} (server ${host}) failed after the payment was signed (${reason}).${paid || " It counts as spent until it expires unused."}`
          : `The request to ${url} (server ${host}) failed before any payment was signed (${reason}).`;
    super({
      code: "X402_FETCH_FAILED",
      message,
      details: { url, host, nonce, signed, stage, payment },
      cause,
    });
  }
}
