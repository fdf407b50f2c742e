import { SdkError, summarizeError } from "@preflow/errors";

/**
 * A paid request that failed after its payment was signed (the retry with the payment header got no answer, or
 * the x402 client failed after signing). The payment counts as spent until `releaseExpired()` finds it unused
 * on chain after its `validBefore`; `details.nonce` names it in the store.
 *
 * @example
 * ```ts
 * import { X402FetchError } from "@preflow/x402";
 *
 * try {
 *   await pay(url);
 * } catch (error) {
 *   if (error instanceof X402FetchError) console.error("signed, outcome unknown:", error.details.nonce);
 * }
 * ```
 */
export class X402FetchError extends SdkError<"X402_FETCH_FAILED"> {
  override readonly name: string = "X402FetchError";

  constructor(parameters: { url: string; nonce: string | null; signed: boolean; cause: unknown }) {
    const { url, nonce, signed, cause } = parameters;
    const reason = summarizeError(cause).reason.slice(0, 200); // redacted: a cause may carry a URL with a key
    super({
      code: "X402_FETCH_FAILED",
      message: signed
        ? `The paid request to ${url} failed after the payment was signed (${reason}); it counts as spent until it expires unused.`
        : `The request to ${url} failed before any payment was signed (${reason}).`,
      details: { url, nonce, signed },
      cause,
    });
  }
}
