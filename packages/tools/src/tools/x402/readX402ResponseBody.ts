// The body of the paywall's answer, read as a stream up to the bound; a failure while reading it (a reset, a
// server that drips past the deadline) is the server's (X402_FETCH_FAILED), carrying the payment if one was signed.
import type { X402PaymentRecord } from "@preflow/x402";
import type { X402FetchRequest } from "./x402FetchRequest.js";

/** The most body text a result carries. */
export const MAX_BODY_CHARS = 32_768;

/** Reads `response`'s body up to {@link MAX_BODY_CHARS}; `paid` is the payment signed for it, if any. @internal */
export async function readX402ResponseBody(
  request: X402FetchRequest,
  response: Response,
  paid: X402PaymentRecord | null,
): Promise<{ text: string; truncated: boolean }> {
  const { readBoundedText } = await import("../../outsideUrl/readBoundedText.js");
  try {
    return await readBoundedText(response, MAX_BODY_CHARS);
  } catch (error) {
    throw new request.x402.X402FetchError({
      url: request.shownUrl,
      nonce: paid?.nonce ?? null,
      signed: paid !== null,
      cause: error,
      payment: paid ? request.x402.summarizeX402Payment(paid) : null,
      stage: "body",
    });
  }
}
